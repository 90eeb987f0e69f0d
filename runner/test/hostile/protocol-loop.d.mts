// Types of protocol-loop.mjs, so TypeScript tests (the protocol fuzz generator) share its values.
export declare const OK_RESULT: {
  exit: number;
  structural: string;
  report: {
    schema_version: number;
    profile: string;
    source_path: string;
    valid: boolean;
    package_contract: { valid: boolean; diagnostics: unknown[] };
    members: unknown[];
    dependencies: unknown[];
    providers: unknown[];
    execution_authorization: { status: string; check: string; detail: string };
    packages: unknown[];
    diagnostics: unknown[];
  };
};
export declare const HELLO: { protocol: number; implementation: { name: string; version: string; language: string }; operations: string[] };
export declare function send(message: unknown): void;
export declare function serve(handlers?: { onHello?: (msg: unknown) => boolean | void; onRun?: (msg: unknown) => boolean | void; onStop?: (msg: unknown) => void }): void;
export declare const isTrigger: (msg: { case: { id: string } }) => boolean;
