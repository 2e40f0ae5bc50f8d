import { Flag } from 'lucide-react'
import type { NodeUi } from '../types'

export const endUi: NodeUi<'end'> = { type: 'end', icon: Flag, panel: {} }
