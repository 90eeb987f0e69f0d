// A comparison that cannot be made because of the case itself (it asks for something its own
// fixture does not hold): the case's outcome is suite-bug, never an error of the implementation.

export class CaseFault extends Error {}
