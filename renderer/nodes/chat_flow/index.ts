import { ClipboardList } from 'lucide-react'
import { onlyWhen, str, type NodeUi } from '../types'

export const chatFlowUi: NodeUi<'chat_flow'> = {
  type: 'chat_flow',
  icon: ClipboardList,
  panel: {
    // The endpoint and refresh-on-back matter only when the form asks its endpoint (data_exchange).
    hidden: (c) => {
      const exchange = str(c, 'action') === 'data_exchange'
      const screens = Array.isArray(c.screens) ? c.screens : []
      return onlyWhen(exchange, '/endpoint', ...screens.map((_, i) => `/screens/${i}/refreshOnBack`))
    },
    multiline: ['/body', '/endpoint/publicKey'],
    newId: { '/screens': (n) => `SCREEN_${n}` },
    labels: {
      '/flowId': 'Form ID',
      '/cta': 'Button label',
      '/screens/*/fields': 'Fields',
      '/responseMapping': 'Response mapping',
      '/responseMapping/*': 'Mapping',
      '/endpoint': 'Data Exchange endpoint',
      '/endpoint/url': 'Endpoint URL',
      '/endpoint/publicKey': 'Endpoint public key (PEM)',
      '/endpoint/plaintext': 'Plaintext: local development endpoint, not encrypted',
    },
  },
}
