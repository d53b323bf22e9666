/** The browser's full-screen API as the header's toggle uses it; a refusal or a missing API rejects. */
export async function toggleFullScreen(doc: Document = document): Promise<void> {
  if (doc.fullscreenElement) {
    await doc.exitFullscreen();
    return;
  }
  const el = doc.documentElement;
  if (typeof el.requestFullscreen !== 'function') throw new Error('full screen is not supported');
  await el.requestFullscreen();
}
