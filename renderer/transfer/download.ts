/** Saves text as a file through a Blob link: works in the browser host and in Electron's renderer alike. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  // Revoked later: some engines start reading the Blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
