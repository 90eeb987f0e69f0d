// What the kit knows about one operation, in one place (runner/src/operations/<name>/): the keys
// a case of it may use, the schema its result must satisfy, how a result is compared with the
// case's expectation, how coverage counts the case, and how exec mode reads a command's output.
// The core (loading, running, judging, coverage) asks the registered definition
// (registry/operations.ts) and never switches on an operation's name.

import type { PropertiesSchema } from "ajv/dist/types/json-schema.js";
import type { LintCode } from "../common/problems.js";
import type { YamlPath } from "../common/yaml-locate.js";
import type { CaseExpectation, CaseGiven, CaseOf, CaseSpec, CaseStep, EveryExpectation, ExpectKey, Expectations, LoadedCase, OperationName } from "../types/case.js";
import type { ResolvedHarness } from "../types/recording.js";
import type { DiffLine, LiveCells } from "../types/run-report.js";
import type { LeftoverProcess } from "../../shared/process-cell.js";

/** Whether a case shows a rule accepting input, rejecting it, or neither (papc coverage). */
export type Polarity = "accepting" | "rejecting" | "other";

/**
 * The comparison of one result. `unobserved`: fields the case checks that the result left out (a
 * skip when nothing else differs). Not ok: the result could not be compared, through the
 * implementation's fault (an error) or, with `suiteBug`, the case's or papc's.
 */
/** `leftovers`: processes the kit's own run of something (a live case's harness) left, killed then (KIT-CONTAINMENT-REPORT). */
export type Verdict = { ok: true; diff: DiffLine[]; live?: LiveCells; unobserved?: string[]; leftovers?: LeftoverProcess[] } | { ok: false; message: string; suiteBug?: true };

/** What judging a result may use besides the result: the fixture root, what was sent, and for a live case its harness. */
export interface JudgeContext {
  root: string;
  args: Record<string, unknown>;
  harness?: ResolvedHarness;
  /** Aborted when judging runs past its bound (KIT-JUDGE-TIMEOUT): whatever the judge started must stop. */
  signal?: AbortSignal;
}

/** A finding in a case, at a path below the case (or below the step it concerns). */
export interface KeyFinding {
  path: YamlPath;
  message: string;
}

/** A finding about one step, at a path below the step. */
export interface StepCheckFinding {
  code: LintCode;
  path: YamlPath;
  message: string;
}

/** What papc builds for every step of a multi-step case, for a definition's `stepArgs`. */
export interface StepArgsBase {
  /** The step's own `args`, paths made absolute. */
  own: Record<string, unknown>;
  /** The absolute source path. */
  source: string;
  /** The consumer's own directory for the case (SPEC 1.11). */
  stateDir: string;
  /** The case's provider: given.provider, else its event's. */
  provider: string | undefined;
  /** The user's environment (HOME and the providers' directories, then given.environment); throws on a path that leaves the fixture. */
  environment(): Record<string, string>;
}

/** How exec mode reads a one-shot command's exit status and output. */
export type ExecReading = { kind: "result"; result: Record<string, unknown> } | { kind: "protocol-error"; message: string };

/**
 * The definition of operation `O`, as its folder writes it: it is given only cases of `O`, whose
 * `expect` is `Expectations[O]` (types/case.ts), and its `keys.expect` are keys of that type.
 */
export type OperationOf<O extends OperationName> = OperationShape<O, CaseOf<O>, CaseOf<O> | CaseOf<"steps">, Expectations[O] & EveryExpectation, ExpectKey<O>, CaseSchemaOf<O>>;

/** Operation `O`'s own expectation: `Expectations[O]` without the keys every operation has (`exit`, `files`). */
type OwnExpectation<O extends OperationName> = Omit<Expectations[O], keyof EveryExpectation>;

/** Every operation's own `expect` keys (a multi-step case has none: its steps have them). */
type AnyExpectKey = ExpectKey<Exclude<OperationName, "steps">>;

/**
 * The schemas of operation `O`'s own `expect` keys, typed with ajv against its expectation type:
 * one for each key of `Expectations[O]` (one left out does not compile, nor a schema of the
 * wrong type), and none for another operation's key or for `exit` and `files`, which every
 * operation has. A key unknown to every operation is refused where the object is written, and
 * by the case schema's builder, which checks the keys against `keys.expect`.
 */
export type ExpectProperties<O extends OperationName> = PropertiesSchema<OwnExpectation<O>> & {
  readonly [K in Exclude<AnyExpectKey | keyof EveryExpectation, ExpectKey<O>>]?: never;
};

/** The schemas of `given` keys, typed with ajv against `CaseGiven`, where every case's `given` keys are declared. */
export type GivenProperties = Partial<PropertiesSchema<CaseGiven>>;

/**
 * An operation's part of the case file's schema (runner/src/schemas/case-schema.ts builds the
 * case and case-table schemas from every registered operation's part). `G`, `E`: the schemas of
 * its own `given` and `expect` keys, exactly those of `keys`; `R`: the `given` keys a case of it
 * must have.
 */
export interface CaseSchemaPart<G, E, R> {
  readonly given?: G;
  readonly expect: E;
  readonly requiredGiven?: readonly R[];
}

/** Operation `O`'s part of the case schema, as its folder writes it (`OperationOf<O>["caseSchema"]`). */
export type CaseSchemaOf<O extends OperationName> = CaseSchemaPart<GivenProperties, ExpectProperties<O>, keyof CaseGiven>;

/**
 * `keys.expect` written in full: `ownKeys<"compose">()(["order", …])` fails to compile when the
 * list misses a key of the operation's expectation type, or names one it does not have, so the
 * keys lint admits and the type the definition judges cannot drift apart.
 */
export function ownKeys<O extends OperationName>() {
  return <const K extends readonly ExpectKey<O>[]>(keys: [Exclude<ExpectKey<O>, K[number]>] extends [never] ? K : readonly Exclude<ExpectKey<O>, K[number]>[]): K => keys as K;
}

/**
 * A definition as the registry and the core hold it, for any operation: a loaded case is of the
 * definition's operation and holds none of another's `expect` keys (loading refuses them:
 * operation-mismatch), so each `OperationOf<O>` is one of these.
 */
export type OperationDefinition = OperationShape<
  OperationName,
  LoadedCase,
  LoadedCase,
  CaseExpectation,
  string,
  CaseSchemaPart<Readonly<Record<string, object | undefined>>, Readonly<Record<string, object | undefined>>, string>
>;

/**
 * What the kit knows about one operation. `C`: the cases it judges; `S`: the case a step of it
 * belongs to; `E`: its expectation; `K`: its own `expect` keys; `P`: its part of the case schema.
 */
export interface OperationShape<N extends OperationName, C, S, E, K extends string, P> {
  /** The protocol's name for it (SPEC 1.2), as cases and `hello.operations` write it. */
  readonly name: N;
  /** Where a case may use it: as the case's operation, as a step of a multi-step case (SPEC 1.11), or both. */
  readonly usedIn: { readonly case: boolean; readonly step: boolean };
  /** Its own `given` and `expect` keys; `files`, `args`, `source` and `exit` are every operation's. */
  readonly keys: { readonly given: readonly string[]; readonly expect: readonly K[] };
  /**
   * Its part of the case file's schema: the schemas of its own `given` and `expect` keys (the
   * keys above), and the `given` keys a case of it must have. Written in its folder's
   * `case-schema.ts`; what every case has (`files`, `args`, `source`, `exit`, steps) is the core's.
   */
  readonly caseSchema: P;
  /** Why `expect.exit` means nothing for it; absent when an exit status is checked. */
  readonly noExit?: string;
  /**
   * Where below `given` or `expect` (the path starts with one of them), or a step's own `args`,
   * it admits an explicit null beyond what every operation admits; anywhere else a null is an
   * empty YAML value, a mistake.
   */
  nullAllowed?(path: YamlPath): boolean;
  /** Checks of `given.args` the schema cannot make, each a finding with this lint code. */
  readonly argsCheck?: { readonly code: LintCode; findings(c: CaseSpec): KeyFinding[] };
  /** Checks of one step of this operation against its multi-step case's `given` (SPEC 1.11). */
  stepCheck?(step: CaseStep, given: CaseGiven): StepCheckFinding[];
  /** In a multi-step case, what a step of it sends; default: the step's own `args`. */
  stepArgs?(c: S, base: StepArgsBase): Record<string, unknown>;
  /** What the run request's `case.args` holds; default: `given.args` as written. `source`: the absolute source path. */
  caseArgs?(c: C, source: string): Record<string, unknown>;
  /**
   * The reference's implementation of it contains no call that writes a file, so a fixture may be
   * reused across runs of the same case (mutation testing does; a case with
   * `expect.fixture.unchanged` would catch a write).
   */
  readonly readsOnly?: true;
  /**
   * Its implementation runs the package's hook handlers, which record their runs in the fixture
   * (runner/src/dispatch/handler-runs.ts): in a multi-step case papc clears those captures, and
   * kills what the handlers left, before each of its steps.
   */
  readonly runsHandlers?: true;
  /** The protocol schema (runner/schemas/) every result must satisfy before it is compared. */
  readonly resultSchema: string;
  /** A result that satisfies the schema, compared with what the case expects. */
  judge(c: C, result: Record<string, unknown>, at: JudgeContext): Promise<Verdict>;
  /** How papc coverage counts a case of it (SPEC 1.1), when the case does not say (`polarity`). */
  polarity(e: E): Polarity;
  /** In a multi-step case: whether this step expects something stopped (a rejecting case then). */
  stopsInStep?(e: E): boolean;
  /**
   * What `papc new case` writes for a case of it, below the case's id, title and spec (a case
   * operation has one): the body's lines, and a requirement ID to suggest.
   */
  readonly scaffold?: { readonly exampleRequirement: string; readonly body: readonly string[] };
  /** What `papc repro` tells a reader of a case of it beyond the requests (a live case: the harness runs too). */
  readonly reproNote?: string;
  /** Exec mode: a command's exit status, stdout and stderr as a result; default: stdout is the result as JSON. */
  readExec?(exit: number, stdout: string, stderr: string): ExecReading | undefined;
}
