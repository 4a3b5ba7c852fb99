/** Copies text; false when the browser refuses (no clipboard permission, an insecure origin), which is logged. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn('The clipboard refused the text', error);
    return false;
  }
}
