"""The structural layer (SPEC chapter 2, seed 003) over a decoded manifest, written by hand.

check(doc) returns a list of findings (code, pointer, message); an empty list means the
manifest is structurally accepted. Every finding is `invalid_plugin_package` except a tool or
hook `schema_version` that is an integer other than 1 (`unsupported_active_component_schema`).
"""
import re
import unicodedata

INVALID = "invalid_plugin_package"
UNSUPPORTED = "unsupported_active_component_schema"

NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
PLUGIN_ID = re.compile(r"[a-z0-9]+(?:[.-][a-z0-9]+)*")
HOOK_NAME = re.compile(r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?")
RUNTIME_VERSION = re.compile(r"[A-Za-z0-9.+=<> -]+")


def has_non_space(text: str) -> bool:
    """The seed's pattern "\\S" in ECMA-262 terms (JSON Schema patterns are ECMA-262): a code point
    that is neither WhiteSpace (TAB, VT, FF, U+FEFF, any Zs) nor a LineTerminator (LF, CR, U+2028,
    U+2029). Python's own \\S differs (it treats U+001C..U+001F and U+0085 as space, U+FEFF not)."""
    return any(ch not in "\t\v\f\ufeff\n\r\u2028\u2029" and unicodedata.category(ch) != "Zs" for ch in text)

TOP_KEYS = {"schema_version", "plugin", "tool", "hook", "providers"}
PLUGIN_KEYS = {"name", "id", "description", "version", "members", "requires"}
MEMBER_KEYS = {"ref", "requirement", "fallback"}
FALLBACK_KEYS = {"kind", "skill"}
DEPENDENCY_KEYS = {"ref", "requirement"}
TOOL_REQUIRED = ["schema_version", "id", "entry", "runtime", "argv", "cwd", "availability"]
TOOL_KEYS = set(TOOL_REQUIRED) | {"runtime_version", "platforms", "inputs", "files", "env", "capabilities"}
INPUT_KEYS = {"name", "type", "required"}
HOOK_REQUIRED = ["schema_version", "id", "tool", "subject", "phase", "effect", "requirement", "timeout_ms",
                 "failure_policy", "retry", "error_visibility", "blocking_scope"]
HOOK_KEYS = set(HOOK_REQUIRED) | {"matcher", "bindings", "fallback"}
BINDING_FIELDS = {"session.id", "session.cwd", "session.permission_mode", "actor.kind", "actor.id",
                  "transcript.path", "session.end_reason", "prompt.text", "tool.call_id", "tool.name",
                  "workflow.already_continued", "workflow.last_message"}

PLATFORMS = ["macos", "linux"]
CAPABILITIES = ["filesystem_read", "filesystem_write", "subprocess", "network"]


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Checker:
    def __init__(self) -> None:
        self.findings: list[tuple[str, str, str]] = []

    def fail(self, pointer: str, message: str, code: str = INVALID) -> None:
        self.findings.append((code, pointer, message))

    # --- generic constraints -------------------------------------------------------------
    def table(self, value, pointer: str, what: str) -> bool:
        if not isinstance(value, dict):
            self.fail(pointer, f"{what} must be a table")
            return False
        return True

    def keys(self, table: dict, pointer: str, what: str, required, allowed) -> None:
        for key in required:
            if key not in table:
                self.fail(pointer, f"{what} is missing the required key {key!r}")
        for key in table:
            if key not in allowed:
                self.fail(f"{pointer}/{escape(key)}", f"{what} has the unknown key {key!r}")

    def string(self, value, pointer: str, what: str, pattern=None, min_chars=None, max_chars=None,
               search=None, text=False) -> bool:
        if not isinstance(value, str):
            self.fail(pointer, f"{what} must be a string")
            return False
        if min_chars is not None and len(value) < min_chars:
            self.fail(pointer, f"{what} must be at least {min_chars} character(s) long")
        if max_chars is not None and len(value) > max_chars:
            self.fail(pointer, f"{what} must be at most {max_chars} characters long")
        if pattern is not None and not pattern.fullmatch(value):
            self.fail(pointer, f"{what} {value!r} does not match ^{pattern.pattern}$")
        if search is not None and not search.search(value):
            self.fail(pointer, f"{what} does not match {search.pattern}")
        if text and not has_non_space(value):
            self.fail(pointer, f"{what} must contain a non-whitespace character")
        return True

    def enum(self, value, pointer: str, what: str, allowed) -> None:
        if not isinstance(value, str) or value not in allowed:
            self.fail(pointer, f"{what} must be one of {', '.join(sorted(allowed))}")

    def array(self, value, pointer: str, what: str, max_items: int) -> bool:
        if not isinstance(value, list):
            self.fail(pointer, f"{what} must be an array")
            return False
        if len(value) > max_items:
            self.fail(pointer, f"{what} must not have more than {max_items} entries")
        return True

    def string_list(self, value, pointer: str, what: str, max_items: int = 1024) -> None:
        if self.array(value, pointer, what, max_items):
            for index, item in enumerate(value):
                if not isinstance(item, str):
                    self.fail(f"{pointer}/{index}", f"every entry of {what} must be a string")

    def enum_list(self, value, pointer: str, what: str, allowed) -> None:
        if self.array(value, pointer, what, 1024):
            for index, item in enumerate(value):
                self.enum(item, f"{pointer}/{index}", f"an entry of {what}", allowed)

    def descriptor_version(self, value, pointer: str, what: str) -> None:
        if is_int(value):
            if value != 1:
                self.fail(pointer, f"{what} schema_version {value} is not supported (only 1)", UNSUPPORTED)
        else:
            self.fail(pointer, f"{what} schema_version must be the integer 1")

    # --- the manifest ----------------------------------------------------------------------
    def manifest(self, doc: dict) -> None:
        self.keys(doc, "", "the manifest", ["schema_version", "plugin"], TOP_KEYS)
        if "schema_version" in doc and not (is_int(doc["schema_version"]) and doc["schema_version"] == 1):
            self.fail("/schema_version", "schema_version must be the integer 1")
        if "plugin" in doc and self.table(doc["plugin"], "/plugin", "plugin"):
            self.plugin(doc["plugin"])
        if "tool" in doc and self.array(doc["tool"], "/tool", "tool", 1024):
            for index, tool in enumerate(doc["tool"]):
                if self.table(tool, f"/tool/{index}", "a [[tool]] entry"):
                    self.tool(tool, f"/tool/{index}")
        if "hook" in doc and self.array(doc["hook"], "/hook", "hook", 1024):
            for index, hook in enumerate(doc["hook"]):
                if self.table(hook, f"/hook/{index}", "a [[hook]] entry"):
                    self.hook(hook, f"/hook/{index}")
        if "providers" in doc:
            self.table(doc["providers"], "/providers", "providers")

    def plugin(self, plugin: dict) -> None:
        self.keys(plugin, "/plugin", "plugin", ["name", "description"], PLUGIN_KEYS)
        if "name" in plugin:
            self.string(plugin["name"], "/plugin/name", "plugin.name", pattern=NAME)
        if "id" in plugin:
            self.string(plugin["id"], "/plugin/id", "plugin.id", pattern=PLUGIN_ID, max_chars=128)
        if "description" in plugin:
            self.string(plugin["description"], "/plugin/description", "plugin.description", text=True)
        if "version" in plugin:
            self.string(plugin["version"], "/plugin/version", "plugin.version")
        if "members" in plugin and self.array(plugin["members"], "/plugin/members", "plugin.members", 1024):
            for index, member in enumerate(plugin["members"]):
                pointer = f"/plugin/members/{index}"
                if self.table(member, pointer, "a member"):
                    self.member(member, pointer)
        if "requires" in plugin and self.array(plugin["requires"], "/plugin/requires", "plugin.requires", 1024):
            for index, dependency in enumerate(plugin["requires"]):
                pointer = f"/plugin/requires/{index}"
                if self.table(dependency, pointer, "a dependency"):
                    self.keys(dependency, pointer, "a dependency", ["ref", "requirement"], DEPENDENCY_KEYS)
                    if "ref" in dependency:
                        self.string(dependency["ref"], f"{pointer}/ref", "a dependency ref", search=re.compile(r"^plugin:"))
                    if "requirement" in dependency:
                        self.enum(dependency["requirement"], f"{pointer}/requirement", "a dependency requirement",
                                  {"required", "optional"})

    def member(self, member: dict, pointer: str) -> None:
        self.keys(member, pointer, "a member", ["ref", "requirement"], MEMBER_KEYS)
        if "ref" in member:
            self.string(member["ref"], f"{pointer}/ref", "a member ref", search=re.compile(r"^(skill|agent|instruction):"))
        if "requirement" in member:
            self.enum(member["requirement"], f"{pointer}/requirement", "a member requirement",
                      {"required", "optional", "recommended"})
        if "fallback" in member and self.table(member["fallback"], f"{pointer}/fallback", "a member fallback"):
            fallback = member["fallback"]
            self.keys(fallback, f"{pointer}/fallback", "a member fallback", ["kind", "skill"], FALLBACK_KEYS)
            if "kind" in fallback:
                self.enum(fallback["kind"], f"{pointer}/fallback/kind", "fallback.kind", {"inline"})
            if "skill" in fallback:
                self.string(fallback["skill"], f"{pointer}/fallback/skill", "fallback.skill", search=re.compile(r"^skill:"))

    def tool(self, tool: dict, pointer: str) -> None:
        self.keys(tool, pointer, "a tool", TOOL_REQUIRED, TOOL_KEYS)
        if "schema_version" in tool:
            self.descriptor_version(tool["schema_version"], f"{pointer}/schema_version", "tool")
        if "id" in tool:
            self.string(tool["id"], f"{pointer}/id", "tool id", pattern=NAME)
        if "entry" in tool:
            self.string(tool["entry"], f"{pointer}/entry", "tool entry", min_chars=1)
        if "runtime" in tool:
            self.enum(tool["runtime"], f"{pointer}/runtime", "tool runtime", {"executable", "python", "node"})
        if "runtime_version" in tool:
            self.string(tool["runtime_version"], f"{pointer}/runtime_version", "tool runtime_version",
                        pattern=RUNTIME_VERSION, min_chars=1, max_chars=128)
        if "platforms" in tool:
            self.enum_list(tool["platforms"], f"{pointer}/platforms", "tool platforms", set(PLATFORMS))
        if "inputs" in tool and self.array(tool["inputs"], f"{pointer}/inputs", "tool inputs", 1024):
            for index, item in enumerate(tool["inputs"]):
                at = f"{pointer}/inputs/{index}"
                if self.table(item, at, "a tool input"):
                    self.keys(item, at, "a tool input", ["name", "type"], INPUT_KEYS)
                    if "name" in item:
                        self.string(item["name"], f"{at}/name", "input name")
                    if "type" in item:
                        self.enum(item["type"], f"{at}/type", "input type", {"string", "path", "integer", "boolean"})
                    if "required" in item and not isinstance(item["required"], bool):
                        self.fail(f"{at}/required", "input required must be a boolean")
        for key in ("argv", "files", "env"):
            if key in tool:
                self.string_list(tool[key], f"{pointer}/{key}", f"tool {key}")
        if "cwd" in tool:
            self.enum(tool["cwd"], f"{pointer}/cwd", "tool cwd", {"tool_root"})
        if "capabilities" in tool:
            self.enum_list(tool["capabilities"], f"{pointer}/capabilities", "tool capabilities", set(CAPABILITIES))
        if "availability" in tool:
            self.enum(tool["availability"], f"{pointer}/availability", "tool availability", {"required", "optional"})

    def hook(self, hook: dict, pointer: str) -> None:
        self.keys(hook, pointer, "a hook", HOOK_REQUIRED, HOOK_KEYS)
        if "schema_version" in hook:
            self.descriptor_version(hook["schema_version"], f"{pointer}/schema_version", "hook")
        if "id" in hook:
            self.string(hook["id"], f"{pointer}/id", "hook id", pattern=HOOK_NAME, max_chars=128)
        if "tool" in hook:
            self.string(hook["tool"], f"{pointer}/tool", "hook tool", pattern=HOOK_NAME, max_chars=128)
        enums = {
            "subject": {"session", "user_prompt", "tool_call", "workflow"},
            "phase": {"before", "after", "end", "completion_attempt"},
            "effect": {"observe", "add_context", "allow_deny", "rewrite_input", "replace_output", "continue_workflow"},
            "requirement": {"required", "optional"},
            "failure_policy": {"report", "fail_open", "fail_closed"},
            "retry": {"never"},
            "error_visibility": {"user", "model_and_user"},
            "blocking_scope": {"matched_event"},
            "fallback": {"omit"},
        }
        for key, allowed in enums.items():
            if key in hook:
                self.enum(hook[key], f"{pointer}/{key}", f"hook {key}", allowed)
        if "timeout_ms" in hook:
            value = hook["timeout_ms"]
            if not is_int(value):
                self.fail(f"{pointer}/timeout_ms", "hook timeout_ms must be an integer")
            elif not 100 <= value <= 120000:
                self.fail(f"{pointer}/timeout_ms", "hook timeout_ms must be between 100 and 120000")
        if "matcher" in hook and self.table(hook["matcher"], f"{pointer}/matcher", "hook matcher"):
            matcher = hook["matcher"]
            self.keys(matcher, f"{pointer}/matcher", "hook matcher", [], {"tool_names"})
            if "tool_names" in matcher:
                at = f"{pointer}/matcher/tool_names"
                names = matcher["tool_names"]
                if self.array(names, at, "matcher.tool_names", 256):
                    seen = set()
                    for index, name in enumerate(names):
                        if self.string(name, f"{at}/{index}", "a matcher tool name", min_chars=1, max_chars=512):
                            if name in seen:
                                self.fail(f"{at}/{index}", f"matcher.tool_names lists {name!r} twice")
                            seen.add(name)
        if "bindings" in hook and self.array(hook["bindings"], f"{pointer}/bindings", "hook bindings", 256):
            for index, binding in enumerate(hook["bindings"]):
                at = f"{pointer}/bindings/{index}"
                if self.table(binding, at, "a binding"):
                    self.keys(binding, at, "a binding", ["input", "field"], {"input", "field"})
                    if "input" in binding:
                        self.string(binding["input"], f"{at}/input", "binding input")
                    if "field" in binding:
                        self.enum(binding["field"], f"{at}/field", "binding field", BINDING_FIELDS)


def escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def check(doc: dict) -> list[tuple[str, str, str]]:
    checker = Checker()
    checker.manifest(doc)
    return checker.findings
