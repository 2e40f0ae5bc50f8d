import type { NodeUi } from '../types'

export const chatFlowUi: NodeUi = {
  icon: '📋',
  panel: {
    multiline: ['/body'],
    labels: { '/flowId': 'Form ID', '/cta': 'Button label', '/screens/*/fields': 'Fields', '/responseMapping': 'Response mapping', '/responseMapping/*': 'Mapping' },
  },
}
