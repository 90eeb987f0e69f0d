// Wrong validator command lines for the teeth test of the validate-cli cases (SPEC
// 4.1): each wraps the reference's protocol endpoint and breaks one rule of the validator's
// command line the way a hand-rolled CLI might. Every validate-cli case must fail against at
// least one of them. Usage: node wrong-cli.mjs <mutation>   (mutations: see MUTATIONS below)
import { wrapReference } from "./wrap-reference.mjs";

const MUTATIONS = {
  // reads only the source and never complains about the rest of the command line
  "ignores-command-line": {
    before: (c) => ({ ...c, args: { argv: ["--json", "plugin", "validate", c.source] } }),
  },
  // a usage error whatever it is given
  "usage-error-always": {
    reply: () => ({ exit: 2, stderr: "usage: validator --json plugin validate <source>\n" }),
  },
  // exits 2 where it should, but says nothing on stderr
  "quiet-usage-errors": {
    after: (c, r) => (r.exit === 2 ? { ...r, stderr: "" } : r),
  },
};

const mutation = MUTATIONS[process.argv[2]];
if (!mutation) {
  process.stderr.write(`usage: wrong-cli.mjs <${Object.keys(MUTATIONS).join("|")}>\n`);
  process.exit(2);
}
wrapReference("validate-cli", mutation);
