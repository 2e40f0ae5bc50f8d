import type { NodeUi } from '../types'

export const conditionUi: NodeUi = { icon: '🔀', panel: {} }
