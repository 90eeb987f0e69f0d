// json-diff-kit's package root imports React (its viewer); papc loads only the differ module,
// whose subpath has no typings entry. This declares the part papc uses (typings/differ.d.ts).
declare module "json-diff-kit/differ.js" {
  export interface DiffResult {
    level: number;
    type: "modify" | "add" | "remove" | "equal";
    text: string;
  }
  export interface DifferOptions {
    detectCircular?: boolean;
    showModifications?: boolean;
    arrayDiffMethod?: "normal" | "lcs" | "unorder-normal" | "unorder-lcs" | "compare-key";
    preserveKeyOrder?: "before" | "after";
  }
  export default class Differ {
    constructor(options?: DifferOptions);
    diff(left: unknown, right: unknown): readonly [DiffResult[], DiffResult[]];
  }
}
