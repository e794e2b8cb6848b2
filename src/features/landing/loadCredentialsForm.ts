export type FormModule = typeof import("@/components/CredentialsForm");
/** React's `use` reads a thenable's status: a settled load renders at once, without suspending. */
type Load = Promise<FormModule> & { status?: string; value?: FormModule; reason?: unknown };
let formLoad: Load | undefined;

/**
 * Loads the form's code (Convex Auth's client, the account rules, every error message), a chunk
 * of its own, out of the landing's first JavaScript. The prerender awaits it first, so the form is
 * in the page's HTML with no streaming script; in the browser React leaves that HTML as it is,
 * typing included, until the chunk is in, which it asks for as it hydrates the page.
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
