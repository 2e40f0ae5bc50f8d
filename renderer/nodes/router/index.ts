import type { NodeUi } from '../types'

export const routerUi: NodeUi = { icon: '🧭', panel: {} }
