/** An opener for a NativeDialog: the browser opens it on click (invoker commands), no script needed. */
export function dialogOpener(id: string) {
  return { commandfor: id, command: "show-modal" } as Record<string, string>;
}

/** Whether this browser opens dialogs from invoker buttons itself. */
export function opensDialogsItself(): boolean {
  return typeof HTMLButtonElement !== "undefined" && "command" in HTMLButtonElement.prototype;
}
