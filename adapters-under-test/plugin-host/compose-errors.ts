// Typed errors of composePlugins (seed 002: "throws if two plugins share the same name", "throws
// if any dependsOn entry is missing", "composePlugins throws on collisions"). Each error names
// every offender of its check, so a caller can tell exactly which plugins to leave out.

export abstract class CompositionError extends Error {
  abstract readonly code: string;
}

export class DuplicatePluginError extends CompositionError {
  readonly code = "duplicate_plugin";
  constructor(readonly names: string[]) {
    super(`duplicate plugin name${names.length === 1 ? "" : "s"}: ${names.join(", ")}`);
    this.name = "DuplicatePluginError";
  }
}

export interface MissingDependency {
  plugin: string;
  dependency: string;
}

export class MissingDependencyError extends CompositionError {
  readonly code = "missing_dependency";
  constructor(readonly missing: MissingDependency[]) {
    super(`missing dependencies: ${missing.map((m) => `${m.plugin} → ${m.dependency}`).join(", ")}`);
    this.name = "MissingDependencyError";
  }
}

export class DependencyCycleError extends CompositionError {
  readonly code = "dependency_cycle";
  /** Each cycle: the plugins of one strongly connected group, in input order. */
  constructor(readonly cycles: string[][]) {
    super(`dependency cycle${cycles.length === 1 ? "" : "s"}: ${cycles.map((c) => c.join(" ↔ ")).join("; ")}`);
    this.name = "DependencyCycleError";
  }
}

export interface ToolCollision {
  tool: string;
  /** Plugins contributing the tool, in composition order. */
  plugins: string[];
}

export class ToolCollisionError extends CompositionError {
  readonly code = "tool_collision";
  constructor(readonly collisions: ToolCollision[]) {
    super(`tool name collision${collisions.length === 1 ? "" : "s"}: ${collisions.map((c) => `${c.tool} (${c.plugins.join(", ")})`).join("; ")}`);
    this.name = "ToolCollisionError";
  }
}
