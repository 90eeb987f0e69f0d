"""A deliberately narrow reading of skills/ (SPEC 3.7) without a YAML parser.

python-minimal recognizes only skills it can judge without YAML: a directory skills/<dir>/
holding a regular SKILL.md whose frontmatter is exactly the two lines `name: <plain words>` and
`description: <plain words>` (in either order) between `---` lines, with a valid name equal to
<dir>. Such a skill is available and earns no finding. Anything else under skills/ (a symlink,
a file, other keys, quoting, flow or block collections, CRLF, a name that breaks a rule...)
could earn a warning this implementation does not produce, so the case is skipped.
"""
import os
import re
import stat

from . import Skip

MAX_ENTRIES = 4096
MAX_SKILL_BYTES = 1048576
SKILL_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# A plain YAML scalar that can only be a string: starts with a letter, no ':' '#' or quote
# characters that could change its meaning, no trailing space.
PLAIN_WORDS = re.compile(r"[A-Za-z][A-Za-z0-9 ,.;()'-]*[A-Za-z0-9,.;()'-]|[A-Za-z]")
# Words YAML 1.2 (core schema) or YAML 1.1 would not read as a string.
NOT_STRINGS = {"null", "true", "false", "yes", "no", "on", "off", "y", "n"}
LINE = re.compile(r"(name|description): (.*)")


def available_skills(source: str) -> set[str]:
    """Return the directory names of the recognized skills, or raise Skip."""
    skills = os.path.join(source, "skills")
    try:
        mode = os.lstat(skills).st_mode
    except FileNotFoundError:
        return set()
    if not stat.S_ISDIR(mode):
        raise Skip("skills is a symlink or not a directory: source_skipped_symlink and the other skills/ "
                   "findings of SPEC 3.7 are not implemented")
    names = os.listdir(skills)
    if len(names) > MAX_ENTRIES:
        raise Skip(f"skills/ has more than {MAX_ENTRIES} entries: the skills traversal bound (SPEC 3.7) is not implemented")
    found = set()
    for name in sorted(names):
        rel = f"skills/{name}"
        mode = os.lstat(os.path.join(skills, name)).st_mode
        if not stat.S_ISDIR(mode):
            raise Skip(f"{rel} is not a plain directory: skills/ entries other than skill directories "
                       "(symlinks, files) are not implemented (SPEC 3.7)")
        path = os.path.join(skills, name, "SKILL.md")
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            continue  # a directory without SKILL.md is not a skill
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_SKILL_BYTES:
            raise Skip(f"{rel}/SKILL.md is not a regular file of at most 1 MiB: not implemented (SPEC 3.7)")
        with open(path, "rb") as handle:
            raw = handle.read()
        if not recognized(name, raw):
            raise Skip(f"{rel}/SKILL.md is outside the frontmatter subset python-minimal reads without a YAML "
                       "parser (only `name:` and `description:` as plain words, name equal to the directory); "
                       "PAP-SEM-SKILL-FRONTMATTER/NAME/DESCRIPTION/OPTIONAL-FIELDS are not implemented")
        found.add(name)
    return found


def recognized(directory: str, raw: bytes) -> bool:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    lines = text.split("\n")
    if len(lines) < 4 or lines[0] != "---":
        return False
    try:
        close = lines.index("---", 1)
    except ValueError:
        return False
    fields = {}
    for line in lines[1:close]:
        match = LINE.fullmatch(line)
        if not match or match.group(1) in fields:
            return False
        value = match.group(2)
        if not PLAIN_WORDS.fullmatch(value) or value.lower() in NOT_STRINGS:
            return False
        fields[match.group(1)] = value
    name, description = fields.get("name"), fields.get("description")
    if name is None or description is None or len(description) > 1024:
        return False
    return name == directory and len(name) <= 64 and SKILL_NAME.fullmatch(name) is not None
