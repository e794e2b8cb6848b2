export type FormModule = typeof import("@/components/CredentialsForm");
type Load = Promise<FormModule> & { status?: string; value?: FormModule; reason?: unknown };
let formLoad: Load | undefined;

/**
 * Loads the form's code (Convex Auth's client, the account rules, every error message), a chunk
 * of its own, out of the landing's first JavaScript. The prerender awaits it first, so the form is
 * in the page's HTML; in the browser the landing hydrates once it is in (src/main.tsx), so React
 * takes the prerendered form over as it is, typing included.
 */
export function loadCredentialsForm(): Promise<FormModule> {
  if (formLoad === undefined) {
    const load: Load = import("@/components/CredentialsForm");
    load.then(
      (value) => Object.assign(load, { status: "fulfilled", value }),
      (reason: unknown) => Object.assign(load, { status: "rejected", reason }),
    );
    formLoad = load;
  }
  return formLoad;
}

/** The form's code if it is in already (always, where the landing is prerendered or hydrated). */
export function loadedCredentialsForm(): FormModule | undefined {
  return formLoad?.status === "fulfilled" ? formLoad.value : undefined;
}
