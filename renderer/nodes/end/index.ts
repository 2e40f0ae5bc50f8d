import type { NodeUi } from '../types'

export const endUi: NodeUi = { icon: 'EN', panel: {} }
