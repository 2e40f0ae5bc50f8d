import type { NodeUi } from '../types'

export const chatFlowUi: NodeUi = {
  icon: 'FM',
  panel: {
    multiline: ['/body'],
    newId: { '/screens': (n) => `SCREEN_${n}` },
    labels: { '/flowId': 'Form ID', '/cta': 'Button label', '/screens/*/fields': 'Fields', '/responseMapping': 'Response mapping', '/responseMapping/*': 'Mapping' },
  },
}
