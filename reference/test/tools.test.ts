// Tool rules (SPEC.md 3.9) at the unit level: argv interpolation, paths, names.

import { describe, expect, it } from "vitest";
import { classifyArgvElement, isEnvName, isInputName, toolPathProblem } from "../src/validate/tools.js";

describe("classifyArgvElement", () => {
  const declared = new Set(["project_dir", "flag"]);
  it.each([
    ["--check", { kind: "literal" }],
    ["", { kind: "literal" }],
    ["$HOME", { kind: "literal" }],
    ["{input.project_dir}", { kind: "literal" }],
    ["$input.project_dir", { kind: "literal" }],
    ["${input.project_dir}", { kind: "input", name: "project_dir" }],
    ["${input.flag}", { kind: "input", name: "flag" }],
    ["${input.missing}", { kind: "undeclared", name: "missing" }],
    ["${input.}", { kind: "undeclared", name: "" }],
    ["${input.Project_Dir}", { kind: "undeclared", name: "Project_Dir" }],
    ["--dir=${input.project_dir}", { kind: "embedded" }],
    ["${input.project_dir}/sub", { kind: "embedded" }],
    [" ${input.project_dir}", { kind: "embedded" }],
    ["${input.project_dir}${input.flag}", { kind: "embedded" }],
    ["${input.project_dir}}", { kind: "embedded" }],
    ["${HOME}", { kind: "embedded" }],
    ["${input}", { kind: "embedded" }],
    ["${ input.flag }", { kind: "embedded" }],
    ["${", { kind: "embedded" }],
    ["${env.PATH}", { kind: "embedded" }],
  ])("%j is %j", (element, verdict) => {
    expect(classifyArgvElement(element, declared)).toEqual(verdict);
  });
});

describe("toolPathProblem", () => {
  it.each(["run.sh", "bin/run.sh", "a/b/c/d.js", ".hidden", "a..b", "...", "r"])("accepts %s", (path) => {
    expect(toolPathProblem(path)).toBeUndefined();
  });
  it.each([
    ["", "empty"],
    ["../run.sh", "dot-dot-segment"],
    ["bin/../run.sh", "dot-dot-segment"],
    ["./run.sh", "dot-segment"],
    ["a/./b", "dot-segment"],
    ["a//b", "empty-segment"],
    ["bin/", "empty-segment"],
    ["/bin/sh", "absolute"],
    ["bin\\run.sh", "backslash"],
    ["run\u0000.sh", "nul"],
  ])("rejects %j", (path, problem) => {
    expect(toolPathProblem(path)).toBe(problem);
  });
});

describe("names", () => {
  it.each(["a", "project_dir", "x1", "a1_b2", "v".repeat(128)])("input name %s is valid", (name) => expect(isInputName(name)).toBe(true));
  it.each(["", "1a", "_a", "a_", "a__b", "A", "project-dir", "a b", "v".repeat(129)])("input name %j is invalid", (name) => expect(isInputName(name)).toBe(false));
  it.each(["HOME", "PATH", "_X", "LC_ALL", "A1", "V".repeat(128)])("env name %s is valid", (name) => expect(isEnvName(name)).toBe(true));
  it.each(["", "home", "1A", "A-B", "A B", "Path", "V".repeat(129)])("env name %j is invalid", (name) => expect(isEnvName(name)).toBe(false));
});
