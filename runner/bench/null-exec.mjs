// A one-shot CLI that does no work: prints a fixed report and exits 0. Running the suite
// against it in exec mode measures what a process per case costs on its own.
process.stdout.write(
  `${JSON.stringify({ schema_version: 1, profile: "null", source_path: process.argv[2] ?? ".", valid: true, package_contract: { valid: true, diagnostics: [] }, members: [], dependencies: [], providers: [], execution_authorization: { status: "never_granted", check: "not_applicable", detail: "" }, packages: [], diagnostics: [] })}\n`,
);
