// Findings about a source as a whole (reference/src/validate/validate.ts and discovery.ts,
// SPEC.md 3.1, 3.2, 3.8): its id and path, where its packages are, duplicate plugin ids, no
// packages, and required dependency cycles; and what the report says of execution
// authorization (report.ts).

import { MANIFEST_FILE, PLUGINS_DIR, PLUGINS_DIR_ENTRIES } from "../discovery.js";
import { type Messages, quote } from "./wording.js";

/** What discovery finds at plugins/ and plugins/<name>/PLUGIN.toml that is not a usable package. */
export type DiscoveryProblem =
  | { code: "unreadable_plugin_path"; kind: "discovery-plugins-uninspectable"; error: string }
  | { code: "unsafe_plugin_package_entry"; kind: "discovery-plugins-symlink" }
  | { code: "invalid_plugin_package"; kind: "discovery-plugins-not-directory" }
  | { code: "unreadable_plugin_path"; kind: "discovery-plugins-unlistable"; error: string }
  | { code: "invalid_plugin_package"; kind: "discovery-plugins-entries" }
  | { code: "unsafe_plugin_package_entry"; kind: "discovery-package-symlink" }
  /** `hex`: the name's bytes in hexadecimal. */
  | { code: "invalid_plugin_package"; kind: "discovery-package-name-encoding"; hex: string }
  | { code: "unreadable_plugin_path"; kind: "discovery-manifest-uninspectable"; error: string }
  | { code: "unsafe_plugin_package_entry"; kind: "discovery-manifest-symlink" }
  | { code: "invalid_plugin_package"; kind: "discovery-manifest-not-file" };

/** Usage failures (exit 2), findings about the whole source, and discovery's findings. */
export type SourceProblem =
  | DiscoveryProblem
  | { code: "invalid_source_id"; kind: "source-id-length"; sourceId: string; maxBytes: number }
  | { code: "invalid_source_id"; kind: "source-id-characters"; sourceId: string }
  | { code: "invalid_source_path"; kind: "source-path-not-directory"; sourcePath: string }
  | { code: "duplicate_plugin_stable_id"; kind: "source-duplicate-id"; sourceId: string; id: string }
  | { code: "no_plugin_packages"; kind: "source-no-packages" }
  /** `slots`: the package slots of one cycle, in order. */
  | { code: "required_dependency_cycle"; kind: "source-dependency-cycle"; sourceId: string; slots: readonly string[] };

const DISCOVERY_MESSAGES: Messages<DiscoveryProblem> = {
  "discovery-plugins-uninspectable": (p) => ({ message: `cannot inspect ${PLUGINS_DIR}: ${p.error}` }),
  "discovery-plugins-symlink": () => ({ message: `the source's ${PLUGINS_DIR} directory must not be a symlink` }),
  "discovery-plugins-not-directory": () => ({ message: `the source's ${PLUGINS_DIR} path must be a directory` }),
  "discovery-plugins-unlistable": (p) => ({ message: `cannot list ${PLUGINS_DIR}: ${p.error}` }),
  "discovery-plugins-entries": () => ({
    message: `the source's ${PLUGINS_DIR} directory has more than ${PLUGINS_DIR_ENTRIES} entries; no package of it is validated`,
  }),
  "discovery-package-symlink": () => ({ message: "plugin package directories must not be symlinks" }),
  "discovery-package-name-encoding": (p) => ({ message: `package directory name is not valid UTF-8 (bytes ${p.hex}); not read` }),
  "discovery-manifest-uninspectable": (p) => ({ message: `cannot inspect ${MANIFEST_FILE}: ${p.error}` }),
  "discovery-manifest-symlink": () => ({ message: `${MANIFEST_FILE} must not be a symlink` }),
  "discovery-manifest-not-file": () => ({ message: `${MANIFEST_FILE} must be a regular file` }),
};

/** The report's execution_authorization.detail: why author validation authorizes nothing. */
export const EXECUTION_AUTHORIZATION_DETAIL = "author validation has no trust store and never executes package code";

export const SOURCE_MESSAGES: Messages<SourceProblem> = {
  ...DISCOVERY_MESSAGES,
  "source-id-length": (p) => ({ message: `--source-id ${quote(p.sourceId)}: source id must be 1-${p.maxBytes} characters and not "." or ".."` }),
  "source-id-characters": (p) => ({ message: `--source-id ${quote(p.sourceId)}: source id may contain only ASCII letters, digits, '.', '_' and '-'` }),
  "source-path-not-directory": (p) => ({ message: `source path ${quote(p.sourcePath)} must be an existing directory (not a symlink)` }),
  "source-duplicate-id": (p) => ({ message: `source \`${p.sourceId}\` contains multiple plugins with stable ID \`${p.id}\``, pointer: "/plugin/id" }),
  "source-no-packages": () => ({ message: "source contains no plugins/<name>/PLUGIN.toml package" }),
  "source-dependency-cycle": (p) => ({ message: `required plugin dependency cycle among ${p.slots.map((slot) => `${p.sourceId}:${slot}`).join(", ")}` }),
};
