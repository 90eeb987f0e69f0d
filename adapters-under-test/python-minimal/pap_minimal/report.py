"""Report schema 1 (SPEC 4.2): diagnostics, sorting and the fixed fields."""

PROFILE = "portable-agent-packages/0.1"


class Diagnostics:
    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, code: str, phase: str, severity: str, path: str, message: str, pointer=None) -> None:
        item = {"code": code, "phase": phase, "severity": severity, "path": path, "message": message}
        if pointer:
            item["pointer"] = pointer
        self.items.append(item)

    def error(self, code: str, path: str, message: str, pointer=None, phase: str = "package_contract") -> None:
        self.add(code, phase, "error", path, message, pointer)

    def sorted(self) -> list[dict]:
        def key(d: dict):
            return tuple(d[k].encode("utf-8", "surrogatepass") for k in ("path", "phase", "code", "message"))
        return sorted(self.items, key=key)


def build_report(source: str, diags: Diagnostics, members: list, dependencies: list, packages: list,
                 structural: str, discovered: bool) -> dict:
    diagnostics = diags.sorted()
    contract = [d for d in diagnostics if d["phase"] == "package_contract"]
    valid = discovered and not any(d["severity"] == "error" for d in diagnostics)
    return {
        "schema_version": 1,
        "profile": PROFILE,
        "source_path": source,
        "valid": valid,
        "package_contract": {"valid": not contract, "diagnostics": contract},
        "members": members,
        "dependencies": dependencies,
        # only sources whose valid packages declare no hook are answered (PAP-SEM-PROVIDERS-NOT-APPLICABLE)
        "providers": [
            {"provider": "claude", "baseline": "2.1.233", "scope": "hooks", "status": "not_applicable", "unsupported_hooks": []},
            {"provider": "codex", "baseline": "0.147.0", "scope": "hooks", "status": "not_applicable", "unsupported_hooks": []},
        ],
        "execution_authorization": {
            "status": "never_granted",
            "check": "not_applicable",
            "detail": "validation reads manifests only; it never runs package code or grants execution",
        },
        "packages": packages,
        "diagnostics": diagnostics,
        "structural": structural,
    }
