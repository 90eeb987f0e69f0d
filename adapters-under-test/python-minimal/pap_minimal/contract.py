"""The package-contract rules python-minimal implements (SPEC 3.2 to 3.5, most of 3.9, three
rules of 3.10), and the detection of everything it does not implement.

contract(...) returns (findings, unknown): findings are (code, message) on the manifest path;
`unknown` lists rules that are not implemented but could still fire for this package. A package
with findings is invalid whatever the unknown rules say; a package without findings but with
unknown rules cannot be judged, and the whole case is skipped.
"""
import os
import re
import stat

from . import Skip
from .structure import CAPABILITIES, PLATFORMS

INVALID = "invalid_plugin_package"
UNSAFE = "unsafe_plugin_package_entry"

REF_KINDS = {"plugin", "skill", "agent", "instruction"}
MAX_ATOM_BYTES = 16384
INPUT_NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")
ENV_NAME = re.compile(r"[A-Z_][A-Z0-9_]*")
ARGV_INPUT = re.compile(r"\$\{input\.([^}]*)\}")

MAX_ENTRIES = 4096
MAX_LEVEL = 32
MAX_FILE = 64 * 1024 * 1024
MAX_PACKAGE = 256 * 1024 * 1024


# --- package tree (3.1.1): detected, not implemented -------------------------------------------

def scan_tree(package_dir: str, rel: str) -> None:
    """Walk the package tree with lstat only and raise Skip at anything the package-tree rules
    would report (symlink, special file, a limit); python-minimal does not implement them."""
    entries, total = 0, 0
    stack = [(package_dir, rel, 0)]
    while stack:
        directory, rel_dir, level = stack.pop()
        with os.scandir(directory) as listing:
            for entry in listing:
                entries += 1
                path = f"{rel_dir}/{entry.name}"
                try:
                    os.fsencode(entry.name).decode("utf-8")
                except UnicodeDecodeError:
                    raise Skip(f"{path!a} has a name that is not UTF-8: PAP-SEM-PACKAGE-NAME-UTF8 (SPEC 3.1.1) "
                               "is not implemented") from None
                if entries > MAX_ENTRIES:
                    raise Skip(f"{rel} has more than {MAX_ENTRIES} entries: package-tree limits (SPEC 3.1.1, "
                               "PAP-SEM-LIMIT-PACKAGE-ENTRIES) are not implemented")
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISLNK(info.st_mode):
                    raise Skip(f"{path} is a symlink inside a package: PAP-SEM-PACKAGE-NO-SYMLINKS (SPEC 3.1.1) "
                               "is not implemented")
                if stat.S_ISDIR(info.st_mode):
                    if level + 1 > MAX_LEVEL:
                        raise Skip(f"{path} is a directory deeper than level {MAX_LEVEL}: "
                                   "PAP-SEM-LIMIT-DIRECTORY-DEPTH (SPEC 3.1.1) is not implemented")
                    stack.append((entry.path, path, level + 1))
                elif stat.S_ISREG(info.st_mode):
                    if info.st_size > MAX_FILE:
                        raise Skip(f"{path} is larger than 64 MiB: PAP-SEM-LIMIT-FILE-SIZE (SPEC 3.1.1) is not implemented")
                    total += info.st_size
                    if total > MAX_PACKAGE:
                        raise Skip(f"{rel} is larger than 256 MiB: PAP-SEM-LIMIT-PACKAGE-SIZE (SPEC 3.1.1) is not implemented")
                else:
                    raise Skip(f"{path} is a special file: PAP-SEM-PACKAGE-SPECIAL-FILES (SPEC 3.1.1) is not implemented")


# --- references (3.3) ----------------------------------------------------------------------------

def parse_ref(text: str):
    """Return (kind, source or None, selector), or a string saying why the reference is malformed."""
    parts = text.split(":")
    if len(parts) not in (2, 3):
        return f"reference {text!r} must have two or three ':'-separated parts"
    if parts[0] not in REF_KINDS:
        return f"reference {text!r} has the unknown kind {parts[0]!r}"
    for atom in parts[1:]:
        if atom == "":
            return f"reference {text!r} has an empty part"
        if len(atom.encode("utf-8", "surrogatepass")) > MAX_ATOM_BYTES:
            return f"reference {text!r} has a part longer than {MAX_ATOM_BYTES} bytes"
        if any(ch in atom for ch in "#/\\"):
            return f"reference {text!r} has a part holding '#', '/' or '\\'"
    if len(parts) == 3:
        return parts[0], parts[1], parts[2]
    return parts[0], None, parts[1]


def ref_record(parsed) -> dict:
    kind, source, selector = parsed
    record = {"kind": kind}
    if source is not None:
        record["source_id"] = source
    record["selector"] = selector
    return record


# --- the contract --------------------------------------------------------------------------------

def contract(directory: str, package_dir: str, doc: dict) -> tuple[list, list, list]:
    """Return (findings, unknown, tool records) for a structurally accepted manifest."""
    findings: list[tuple[str, str]] = []
    unknown: list[str] = []

    def invalid(message: str, code: str = INVALID) -> None:
        findings.append((code, message))

    plugin = doc["plugin"]

    # 3.2 identity (PAP-SEM-NAME-DIRECTORY; PAP-SEM-ID-UNIQUE is decided across packages later)
    if plugin["name"] != directory:
        invalid(f"plugin.name {plugin['name']!r} differs from the package directory {directory!r}")

    # 3.3 and 3.4 members
    members = plugin.get("members", [])
    parsed_members = []
    seen_refs = set()
    for member in members:
        ref = member["ref"]
        parsed = parse_ref(ref)
        if isinstance(parsed, str):
            invalid(f"member {parsed}")
            parsed = None
        parsed_members.append(parsed)
        if ref in seen_refs:
            invalid(f"member {ref!r} is listed twice")
        seen_refs.add(ref)
        kind = parsed[0] if parsed else ref.split(":", 1)[0]
        if member["requirement"] == "recommended" and kind in ("skill", "agent"):
            invalid(f"member {ref!r}: 'recommended' is admitted only for instruction members")
    for member, parsed in zip(members, parsed_members):
        if "fallback" not in member:
            continue
        ref = member["ref"]
        if (parsed[0] if parsed else ref.split(":", 1)[0]) != "agent":
            invalid(f"member {ref!r} has a fallback, which only agent members may have")
        target = parse_ref(member["fallback"]["skill"])
        if isinstance(target, str):
            invalid(f"fallback of {ref!r}: {target}")
            continue
        if target[0] != "skill":
            invalid(f"fallback of {ref!r} must name a skill")
            continue
        closed = any(other["requirement"] == "required" and p is not None and p == target
                     for other, p in zip(members, parsed_members))
        if not closed:
            invalid(f"fallback skill {member['fallback']['skill']!r} of {ref!r} is not also a required member")

    # 3.5 dependencies
    seen_refs = set()
    for dependency in plugin.get("requires", []):
        ref = dependency["ref"]
        parsed = parse_ref(ref)
        if isinstance(parsed, str):
            invalid(f"dependency {parsed}")
        if ref in seen_refs:
            invalid(f"dependency {ref!r} is listed twice")
        seen_refs.add(ref)

    # 3.9 local tools
    tools = doc.get("tool", [])
    tool_inputs: dict[str, set] = {}
    records = []
    for tool in tools:
        label = repr(tool["id"])
        if tool["id"] in tool_inputs:
            invalid(f"tool id {label} is declared twice")
        declared = set()
        for item in tool.get("inputs", []):
            name = item["name"]
            if not INPUT_NAME.fullmatch(name) or len(name.encode("utf-8", "surrogatepass")) > 128:
                invalid(f"tool {label} input name {name!r} is not lower snake case of at most 128 bytes")
            if name in declared:
                invalid(f"tool {label} declares input {name!r} twice")
            declared.add(name)
        tool_inputs.setdefault(tool["id"], declared)
        for element in tool["argv"]:
            if "${" not in element:
                continue
            whole = ARGV_INPUT.fullmatch(element)
            if not whole:
                invalid(f"tool {label} argv element {element!r} is not exactly ${{input.<name>}}")
            elif whole.group(1) not in declared:
                invalid(f"tool {label} argv element {element!r} names an input the tool does not declare")
        env_seen = set()
        for name in tool.get("env", []):
            if not ENV_NAME.fullmatch(name) or len(name.encode("utf-8", "surrogatepass")) > 128:
                invalid(f"tool {label} env entry {name!r} is not a portable environment variable name")
            if name in env_seen:
                invalid(f"tool {label} lists env {name!r} twice")
            env_seen.add(name)
        files = tool.get("files", [])
        if tool["entry"] in files:
            invalid(f"tool {label} lists its entry {tool['entry']!r} in files")
        if len(set(files)) != len(files):
            invalid(f"tool {label} lists a path twice in files")
        file_records = []
        for index, path in enumerate([tool["entry"], *files]):
            what = "entry" if index == 0 else "files entry"
            problem = path_form(path)
            if problem:
                invalid(f"tool {label} {what} {path!r} {problem}")
                continue
            kind, mode = lookup(package_dir, path)
            if kind == "missing":
                invalid(f"tool {label} {what} {path!r} does not exist in the package")
            elif kind == "directory":
                invalid(f"tool {label} {what} {path!r} is a directory, not a regular file")
            elif kind in ("symlink", "special"):  # the tree scan skips first; kept for safety
                invalid(f"tool {label} {what} {path!r} is reached through a symlink or is a special file", UNSAFE)
            else:
                executable = bool(mode & 0o111)
                if index == 0 and tool["runtime"] == "executable" and not executable:
                    invalid(f"tool {label} entry {path!r} has no executable permission bit")
                file_records.append({"path": path, "executable": executable})
        records.append(tool_record(tool, declared, env_seen, file_records))

    # 3.10 hooks: only ids and the tool reference are implemented
    hook_ids = set()
    for hook in doc.get("hook", []):
        if hook["id"] in hook_ids:
            invalid(f"hook id {hook['id']!r} is declared twice")
        hook_ids.add(hook["id"])
        if "--" in hook["id"]:
            invalid(f"hook id {hook['id']!r} contains '--'")
        if hook["tool"] not in tool_inputs:
            invalid(f"hook {hook['id']!r} names tool {hook['tool']!r}, which the package does not declare")
    if doc.get("hook"):
        unknown.append("hook static rules of SPEC 3.10 (admitted combinations, matcher subject and names, "
                       "bindings, failure policies, hook fallbacks) and provider support (3.11)")
    records.sort(key=lambda r: r["id"].encode("utf-8", "surrogatepass"))  # PAP-REPORT-RECORD-ORDER
    return findings, unknown, records


def path_form(path: str):
    if "\\" in path or "\0" in path:
        return "holds a backslash or NUL"
    if path.startswith("/"):
        return "is absolute"
    if any(segment in ("", ".", "..") for segment in path.split("/")):
        return "has an empty, '.' or '..' segment"
    return None


def lookup(package_dir: str, path: str):
    """Follow `path` below the package directory with lstat, never through a symlink."""
    current = package_dir
    segments = path.split("/")
    for index, segment in enumerate(segments):
        current = os.path.join(current, segment)
        try:
            info = os.lstat(current)
        except (FileNotFoundError, NotADirectoryError):
            return "missing", 0
        if stat.S_ISLNK(info.st_mode):
            return "symlink", 0
        last = index == len(segments) - 1
        if not last:
            if not stat.S_ISDIR(info.st_mode):
                return "missing", 0
            continue
        if stat.S_ISDIR(info.st_mode):
            return "directory", 0
        if stat.S_ISREG(info.st_mode):
            return "file", info.st_mode
        return "special", 0
    return "missing", 0


def tool_record(tool: dict, declared: set, env: set, files: list) -> dict:
    record = {"schema_version": tool["schema_version"], "id": tool["id"], "entry": tool["entry"], "runtime": tool["runtime"]}
    if "runtime_version" in tool:
        record["runtime_version"] = tool["runtime_version"]
    record.update({
        "platforms": [p for p in PLATFORMS if p in tool.get("platforms", [])],
        "inputs": [{"name": i["name"], "type": i["type"], "required": i.get("required", True)} for i in tool.get("inputs", [])],
        "argv": list(tool["argv"]),
        "cwd": tool["cwd"],
        "env": sorted(env),
        "capabilities": [c for c in CAPABILITIES if c in tool.get("capabilities", [])],
        "availability": tool["availability"],
        "files": sorted(files, key=lambda f: f["path"]),
    })
    return record
