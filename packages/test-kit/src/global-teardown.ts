/** Stops the containers global-setup started, if it started any. */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __swapboothContainers?: () => Promise<void> }).__swapboothContainers?.();
}
