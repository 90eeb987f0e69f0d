#!/usr/bin/env python3
"""papc process protocol (version 1) over stdin/stdout for the python-minimal validator.

One JSON object per line in, one per line out; nothing else is ever written to stdout.
"""
import json
import platform
import sys
import traceback

sys.dont_write_bytecode = True  # never write __pycache__ into the kit

from pap_minimal import NAME, VERSION, Skip  # noqa: E402
from pap_minimal.validate import validate  # noqa: E402


def main() -> int:
    out = sys.stdout
    sys.stdout = sys.stderr  # a stray print() must never corrupt the protocol stream

    def reply(obj: dict) -> None:
        out.write(json.dumps(obj, ensure_ascii=True, separators=(",", ":")) + "\n")
        out.flush()

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except ValueError as err:
            print(f"python-minimal: ignoring a line that is not JSON: {err}", file=sys.stderr)
            continue
        cmd = msg.get("cmd")
        if cmd == "hello":
            reply({
                "protocol": 1,
                "implementation": {
                    "name": NAME,
                    "version": VERSION,
                    "language": f"Python {platform.python_version()}",
                    "homepage": None,
                },
                "operations": ["validate"],
                "profiles": ["pap-0.1"],
            })
        elif cmd == "run":
            seq = msg.get("seq")
            case = msg.get("case") or {}
            if case.get("operation") != "validate":
                reply({"seq": seq, "skipped": {"reason": f"operation {case.get('operation')!r} is not implemented (validate only)"}})
                continue
            try:
                result = validate(case["source"], case.get("args") or {})
                reply({"seq": seq, "result": result})
            except Skip as skip:
                reply({"seq": seq, "skipped": {"reason": skip.reason}})
            except Exception as err:  # a bug of ours: report it, keep serving
                traceback.print_exc(file=sys.stderr)
                reply({"seq": seq, "errored": {"message": f"{type(err).__name__}: {err}"}})
        elif cmd == "stop":
            break
        else:
            print(f"python-minimal: unknown command {cmd!r}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
