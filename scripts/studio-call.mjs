/* global WebSocket, location */
// The screenshot tours' one way to call the studio's contract from the page, over the WebSocket the UI uses (as
// test/e2e's apiCall does for the specs): resolves with the answer's value, rejects with the command's message.

export function call(page, command, payload) {
  return page.evaluate(
    ({ command, payload }) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/api`)
        ws.onerror = () => reject(new Error('socket failed'))
        ws.onopen = () => ws.send(JSON.stringify({ type: 'call', id: 1, command, payload }))
        ws.onmessage = (m) => {
          const msg = JSON.parse(String(m.data))
          if (msg.type !== 'result') return
          ws.close()
          if (msg.result.ok) resolve(msg.result.value)
          else reject(new Error(`${command}: ${msg.result.error.message}`))
        }
      }),
    { command, payload },
  )
}
