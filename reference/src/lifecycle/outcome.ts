// A lifecycle result as an operation builds it: what it tells the user beyond its fields is a
// typed note, which runLifecycle (operations.ts) words as the result's `message`.

import type { LifecycleResult } from "../../../runner/shared/protocol.js";
import type { LifecycleNote } from "./messages/index.js";

export type LifecycleOutcome = Omit<LifecycleResult, "message"> & { note?: LifecycleNote };
