// The two ways a harness adapter judges a package (adapters-under-test/codex and claude-code):
// through the harness's installer, as a user gets it, or straight through its loader.

export const PROFILES = ["install", "loader"] as const;
export type Profile = (typeof PROFILES)[number];

export function isProfile(text: string | undefined): text is Profile {
  return (PROFILES as readonly string[]).includes(text ?? "");
}
