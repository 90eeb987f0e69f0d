"""The validate operation (SPEC 1.3): discovery, decoding, structure, the implemented contract
rules, dependency resolution and cycles; everything else is a Skip naming the missing rule."""
import hashlib
import os
import re
import stat

from . import Skip
from .contract import contract, parse_ref, ref_record, scan_tree
from .manifest import Refused, read_manifest
from .skills import available_skills
from .report import Diagnostics, build_report
from .structure import check as check_structure

SOURCE_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")


def validate(source: str, args: dict) -> dict:
    diags = Diagnostics()

    # Usage: the source identity, then the source path (PAP-CLI-SOURCE-ID, PAP-CLI-EXIT-USAGE).
    source_id = args.get("source_id", "validation")
    if not isinstance(source_id, str) or not SOURCE_ID.fullmatch(source_id) or source_id in (".", ".."):
        diags.error("invalid_source_id", "", f"--source-id {source_id!r} is not 1 to 128 characters of A-Z a-z 0-9 . _ -")
        return usage_result(source, diags)
    try:
        info = os.lstat(source)
        usable = stat.S_ISDIR(info.st_mode)
    except OSError:
        usable = False
    if not usable:
        diags.error("invalid_source_path", "", "the source does not exist, is not a directory, or is a symlink")
        return usage_result(source, diags)

    # Skills are examined whenever the source has a `skills` entry (3.7); only plainly valid
    # skills are recognized, anything that could earn a warning is a Skip.
    skills = available_skills(source)

    packages = discover(source, diags)
    structural = "accept"
    candidates = []  # structurally accepted packages that break no implemented contract rule
    for pkg in packages:
        scan_tree(pkg["abs"], pkg["path"])
        try:
            raw, doc = read_manifest(pkg["manifest_abs"])
        except Refused as refused:
            diags.error("invalid_plugin_package", pkg["manifest_file"], str(refused))
            structural = "reject"
            continue
        except OSError as err:
            diags.error("unreadable_plugin_path", pkg["manifest_file"], f"cannot read the manifest: {err.strerror}")
            structural = "reject"
            continue
        findings = check_structure(doc)
        if findings:
            structural = "reject"
            for code, pointer, message in findings:
                diags.error(code, pkg["manifest_file"], message, pointer or None)
            continue
        findings, unknown, tools = contract(pkg["dir"], pkg["abs"], doc)
        for code, message in findings:
            diags.error(code, pkg["manifest_file"], message)
        if findings:
            continue
        if unknown:
            raise Skip(f"{pkg['manifest_file']} breaks no implemented rule, but its verdict also depends on "
                       f"rules that are not implemented: {'; '.join(unknown)}")
        pkg.update(doc=doc, raw=raw, tools=tools)
        candidates.append(pkg)

    # PAP-SEM-ID-UNIQUE among packages that pass every other contract rule.
    by_id: dict[str, list] = {}
    for pkg in candidates:
        if "id" in pkg["doc"]["plugin"]:
            by_id.setdefault(pkg["doc"]["plugin"]["id"], []).append(pkg)
    valid = []
    for pkg in candidates:
        sharing = by_id.get(pkg["doc"]["plugin"].get("id"), [pkg])
        if len(sharing) > 1:
            others = ", ".join(p["dir"] for p in sharing if p is not pkg)
            diags.error("duplicate_plugin_stable_id", pkg["manifest_file"],
                        f"plugin.id {pkg['doc']['plugin']['id']!r} is also declared by {others}")
        else:
            valid.append(pkg)

    if not packages and not diags.items:
        diags.error("no_plugin_packages", "", "no package was found at plugins/<name>/PLUGIN.toml")

    members = resolve_members(valid, source_id, skills, diags)
    dependencies = resolve_dependencies(valid, source_id, diags)
    records = [package_record(pkg, source_id) for pkg in valid]
    report = build_report(source, diags, members, dependencies, records, structural, discovered=bool(packages))
    return {"exit": 0 if report["valid"] else 1, "report": report, "structural": structural}


def usage_result(source: str, diags: Diagnostics) -> dict:
    report = build_report(source, diags, [], [], [], "accept", discovered=False)
    return {"exit": 2, "report": report, "structural": "accept"}


MAX_PLUGINS_ENTRIES = 1024


def discover(source: str, diags: Diagnostics) -> list[dict]:
    """SPEC 3.1: packages only at plugins/<name>/PLUGIN.toml, never through a symlink."""
    plugins = os.path.join(source, "plugins")
    try:
        info = os.lstat(plugins)
    except FileNotFoundError:
        return []
    if stat.S_ISLNK(info.st_mode):
        diags.error("unsafe_plugin_package_entry", "plugins", "plugins is a symlink; it is not followed")
        return []
    if not stat.S_ISDIR(info.st_mode):
        diags.error("invalid_plugin_package", "plugins", "plugins is not a directory")
        return []
    try:
        names = sorted(os.listdir(plugins), key=lambda n: n.encode("utf-8", "surrogateescape"))
    except OSError as err:
        diags.error("unreadable_plugin_path", "plugins", f"cannot list plugins: {err.strerror}")
        return []
    if len(names) > MAX_PLUGINS_ENTRIES:  # PAP-SEM-LIMIT-SOURCE-ENTRIES
        diags.error("invalid_plugin_package", "plugins", f"plugins has more than {MAX_PLUGINS_ENTRIES} entries")
        return []
    packages = []
    for name in names:
        # os.listdir hands back bytes that are not UTF-8 as lone surrogates; a report path is
        # UTF-8, so such a name is spelled with U+FFFD (PAP-SEM-DISCOVERY-NAME-UTF8).
        raw = os.fsencode(name)
        try:
            raw.decode("utf-8")
            utf8 = True
        except UnicodeDecodeError:
            utf8 = False
        path = f"plugins/{name if utf8 else raw.decode('utf-8', 'replace')}"
        absolute = os.path.join(plugins, name)
        try:
            mode = os.lstat(absolute).st_mode
        except OSError as err:
            diags.error("unreadable_plugin_path", path, f"cannot inspect {path}: {err.strerror}")
            continue
        if stat.S_ISLNK(mode):
            diags.error("unsafe_plugin_package_entry", path, f"{path} is a symlink; it is not followed")
            continue
        if not stat.S_ISDIR(mode):
            continue  # PAP-SEM-DISCOVERY-IGNORED
        if not utf8:
            diags.error("invalid_plugin_package", path, f"the package directory name is not valid UTF-8 (bytes {raw.hex()})")
            continue
        manifest_file = f"{path}/PLUGIN.toml"
        manifest_abs = os.path.join(absolute, "PLUGIN.toml")
        try:
            mode = os.lstat(manifest_abs).st_mode
        except FileNotFoundError:
            continue  # a directory without PLUGIN.toml is not a package
        except OSError as err:
            diags.error("unreadable_plugin_path", manifest_file, f"cannot inspect the manifest: {err.strerror}")
            continue
        if stat.S_ISLNK(mode):
            diags.error("unsafe_plugin_package_entry", manifest_file, "the manifest is a symlink; it is not read")
            continue
        if not stat.S_ISREG(mode):
            diags.error("invalid_plugin_package", manifest_file, "the manifest is not a regular file")
            continue
        packages.append({"dir": name, "path": path, "abs": absolute,
                         "manifest_file": manifest_file, "manifest_abs": manifest_abs})
    return packages


def resolve_members(valid: list, source_id: str, skills: set, diags: Diagnostics) -> list:
    entries = []
    for pkg in valid:
        for member in pkg["doc"]["plugin"].get("members", []):
            kind, source, selector = parse_ref(member["ref"])
            if source is not None and source != source_id:
                status = "unavailable_external"
                detail = f"source {source!r} is not the validated source {source_id!r}; it is never fetched"
            elif kind == "skill":
                status = "resolved" if selector in skills else "missing"
                detail = f"skills/{selector}/SKILL.md" if status == "resolved" else "no skill of the source has this name"
            else:
                raise Skip(f"{pkg['manifest_file']} has the local member {member['ref']!r}: resolution of "
                           f"{kind}: references (SPEC 3.6, PAP-SEM-RESOLVE-{kind.upper()}) is not implemented")
            entries.append(entry(pkg, source_id, member, status, detail))
            if status != "resolved":
                diags.add("unresolved_member", "member_resolution", severity(member), pkg["manifest_file"],
                          f"member {member['ref']!r} is {status}: {detail}")
    return entries


def resolve_dependencies(valid: list, source_id: str, diags: Diagnostics) -> list:
    entries = []
    edges: dict[str, set] = {pkg["dir"]: set() for pkg in valid}
    for pkg in valid:
        for dependency in pkg["doc"]["plugin"].get("requires", []):
            _, source, selector = parse_ref(dependency["ref"])
            if source is not None and source != source_id:
                status, detail = "unavailable_external", f"source {source!r} is not the validated source {source_id!r}"
            else:
                matches = [p for p in valid if p["dir"] == selector or p["doc"]["plugin"].get("id") == selector]
                if len(matches) == 1:
                    status, detail = "resolved", f"resolves to plugins/{matches[0]['dir']}"
                    if dependency["requirement"] == "required":
                        edges[pkg["dir"]].add(matches[0]["dir"])
                elif matches:
                    status, detail = "ambiguous", "matches " + ", ".join(f"plugins/{p['dir']}" for p in matches)
                else:
                    status, detail = "missing", "no valid package of the source has this name or id"
            entries.append(entry(pkg, source_id, dependency, status, detail))
            if status != "resolved":
                diags.add("unresolved_dependency", "dependency_resolution", severity(dependency), pkg["manifest_file"],
                          f"dependency {dependency['ref']!r} is {status}: {detail}")
    for group in cycles(edges):
        diags.error("required_dependency_cycle", "", "required dependencies form a cycle: " + ", ".join(group),
                    phase="dependency_resolution")
    return entries


def cycles(edges: dict[str, set]) -> list[list[str]]:
    """Strongly connected groups (Tarjan, iterative) that contain a cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack, stack, groups = set(), [], []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in edges[node]:
                    groups.append(sorted(group))
    return sorted(groups)


def severity(reference: dict) -> str:
    return "error" if reference["requirement"] == "required" else "warning"


def entry(pkg: dict, source_id: str, reference: dict, status: str, detail: str) -> dict:
    return {"plugin": f"{source_id}:{pkg['dir']}", "ref": reference["ref"], "requirement": reference["requirement"],
            "status": status, "detail": detail}


def package_record(pkg: dict, source_id: str) -> dict:
    plugin = pkg["doc"]["plugin"]
    source_ref = f"{source_id}:{pkg['dir']}"

    def member(m: dict) -> dict:
        record = {"ref": ref_record(parse_ref(m["ref"])), "requirement": m["requirement"]}
        if "fallback" in m:
            record["fallback"] = {"kind": m["fallback"]["kind"], "skill": ref_record(parse_ref(m["fallback"]["skill"]))}
        return record

    tools = [dict(t, source_ref=f"{source_ref}#tool:{t['id']}") for t in pkg["tools"]]
    return {
        "source_id": source_id,
        "source_ref": source_ref,
        "slot_name": pkg["dir"],
        "id": plugin.get("id"),
        "description": plugin.get("description"),
        "version": plugin.get("version"),
        "path": pkg["path"],
        "manifest_file": pkg["manifest_file"],
        "members": [member(m) for m in plugin.get("members", [])],
        "tools": tools,
        "hooks": [],  # a valid package with hooks is skipped before it gets here
        "requires": [{"ref": ref_record(parse_ref(d["ref"])), "requirement": d["requirement"]}
                     for d in plugin.get("requires", [])],
        "provider_overlays": sorted(doc_keys(pkg["doc"].get("providers", {}))),
        "package_hash": hashlib.sha256(pkg["raw"]).hexdigest(),
    }


def doc_keys(table: dict) -> list[str]:
    return sorted(table, key=lambda k: k.encode("utf-8", "surrogatepass"))
