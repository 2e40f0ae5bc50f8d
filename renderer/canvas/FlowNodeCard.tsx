import { memo, useContext } from 'react'
import { Position, type Node, type NodeProps } from '@xyflow/react'
import { OctagonAlert, TriangleAlert } from 'lucide-react'
import type { FlowNode } from '../../shared/flow/document'
import { definitionOf } from '../editor/model'
import { NodeIcon } from '../nodes/NodeIcon'
import { BODY_BOTTOM, cardLayout, HEAD, handleStyle, NAME, SUMMARY, type CardLayout } from './card-layout'
import type { Callee, NodeDecor, PortState } from './decor'
import { hrefFor } from '../shell/route'
import { PortHandle } from './StaticHandle'
import { detailed, ZoomBandContext } from './zoom'
import { knownType } from '../../shared/nodes/node-types'
import { CardText } from './CardText'
import { plainText } from './localize'
import { languageName } from '../editor/languages'
import { TrafficBadge } from '../traffic/TrafficBadge'

export type FlowCardNode = Node<{ node: FlowNode; decor: NodeDecor }, 'flow'>

const RUN_LABEL = {
  current: 'current step of the test',
  failed: 'failed in the test',
  path: 'on the test path',
  unreached: 'not reached by any test',
}
const PORT_LABEL: Record<PortState, string> = { covered: ' (covered)', uncovered: ' (not covered)' }

/**
 * One node on the canvas: icon and colour of its category, name, summary with highlighted placeholders, its
 * problems, its place in the last test run, and one labelled handle per output port (coloured by coverage). It
 * reads no store: everything it shows comes in `data`, so it renders only when that changes. Zoomed out below
 * readability it draws a compact form in the same box (icon, name and port labels, in text large enough to read at
 * that zoom); further out it keeps its box and handles and drops the rest (renderer/canvas/zoom.ts).
 */
export const FlowNodeCard = memo(function FlowNodeCard({ data, selected }: NodeProps<FlowCardNode>) {
  const { node, decor } = data
  const def = definitionOf(knownType(node.type))
  const layout = cardLayout(node)
  const band = useContext(ZoomBandContext)
  const near = band === 'near'
  const live = detailed(band)
  const classes = ['flow-card', `cat-${def.category}`]
  if (selected) classes.push('selected')
  if (decor.run) classes.push(`run-${decor.run}`)
  if (decor.diff) classes.push(`diff-${decor.diff}`)
  if (decor.breakpoint) classes.push(`has-bp bp-${decor.breakpoint}`)
  if (decor.traffic) classes.push(decor.traffic.goal ? 'traffic-on traffic-goal' : 'traffic-on')
  if (decor.errors) classes.push('has-errors')
  else if (decor.warnings) classes.push('has-warnings')
  return (
    <div
      className={classes.join(' ')}
      style={{ height: layout.height }}
      role="group"
      aria-label={`${def.label} ${node.name}`}
      aria-description={describe(decor)}
      data-node-name={node.name}
      data-run={decor.run ?? undefined}
      data-diff={decor.diff ?? undefined}
      data-breakpoint={decor.breakpoint}
      title={decor.diff ? `${node.name}: ${decor.diffNote}` : undefined}
    >
      {decor.breakpoint && <span className="flow-card-bp" title={BP_TITLE[decor.breakpoint]} aria-hidden="true" />}
      {decor.traffic && live && <TrafficBadge traffic={decor.traffic} />}
      {near ? (
        <CardContent node={node} decor={decor} layout={layout} label={def.label} />
      ) : band === 'compact' ? (
        <CompactContent node={node} layout={layout} />
      ) : (
        band === 'far' && <div className="flow-card-far">{breakable(node.name)}</div>
      )}
      {layout.handles.map((h) => {
        const slot = layout.ports.find((p) => p.port.id === h.id)
        const state = slot ? decor.ports[slot.port.id] : undefined
        const portLabel = slot ? plainText(slot.port.label) : ''
        const label = slot ? `Output ${portLabel} of ${node.name}` : `Input of ${node.name}`
        return (
          <PortHandle
            key={`${h.type}:${h.id}`}
            still={!live}
            nodeId={node.id}
            type={h.type}
            id={h.id ?? undefined}
            position={h.type === 'target' ? Position.Left : Position.Right}
            className={`${h.type === 'target' ? 'port-in' : 'port-out'}${state ? ` port-${state}` : ''}`}
            style={handleStyle(h)}
            aria-label={label}
            title={slot ? `${portLabel}${state ? PORT_LABEL[state] : ''}` : undefined}
          />
        )
      })}
    </div>
  )
})

const BP_TITLE = {
  on: 'Breakpoint: a test run stops before this node',
  conditional: 'Conditional breakpoint: a test run stops here when its condition is true',
  off: 'Breakpoint, switched off',
}
const BP_LABEL = { on: 'breakpoint', conditional: 'conditional breakpoint', off: 'breakpoint switched off' }

/** What a screen reader hears besides the name: the card's place in a test run, or what a comparison found. */
function describe(decor: NodeDecor): string | undefined {
  const parts = [
    decor.run ? RUN_LABEL[decor.run] : '',
    decor.breakpoint ? BP_LABEL[decor.breakpoint] : '',
    decor.diffNote,
    decor.missing ? missingNote(decor.missing) : '',
    decor.traffic ? `Traffic: ${decor.traffic.description}` : '',
  ].filter(Boolean)
  return parts.length ? parts.join('; ') : undefined
}

/** 'Not translated into Spanish: Body, Button 2 title'. */
const missingNote = (m: NonNullable<NodeDecor['missing']>) =>
  `Not translated into ${languageName(m.language)}: ${m.fields.join(', ')}`

const DIFF_BADGE = { added: 'Added', removed: 'Removed', changed: 'Changed' }

/** A name drawn large zoomed out wraps after its underscores ("unknown_/service"), not in the middle of a word. */
const breakable = (name: string) => name.split(/(?<=_)/).flatMap((part, i) => (i ? [<wbr key={i} />, part] : [part]))

/** Below a readable zoom: the type's icon, the name and the port labels, in the box of the full card (card-layout.ts),
 *  drawn large enough to read at that zoom instead of the full card's text shrunk (canvas.css, `.zoom-compact`). */
function CompactContent({ node, layout }: { node: FlowNode; layout: CardLayout }) {
  const body = HEAD + NAME + (layout.summary ? SUMMARY : 0) + BODY_BOTTOM
  return (
    <>
      <div className="flow-card-compact" style={{ height: body }}>
        <NodeIcon type={knownType(node.type)} size={22} />
        <span className="flow-card-compact-name">{breakable(node.name)}</span>
      </div>
      {layout.ports.length > 0 && (
        <ul className="flow-card-ports">
          {layout.ports.map(({ port }) => (
            <li key={port.id} className={`port port-${port.kind ?? 'default'}`}>
              <CardText text={port.label} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function CardContent({
  node,
  decor,
  layout,
  label,
}: {
  node: FlowNode
  decor: NodeDecor
  layout: CardLayout
  label: string
}) {
  const problems = decor.errors || decor.warnings
  return (
    <>
      <div className="flow-card-head">
        <NodeIcon type={knownType(node.type)} />
        <span className="flow-card-type">{label}</span>
        {decor.diff && (
          <span className={`flow-card-diff diff-badge-${decor.diff}`} aria-hidden="true">
            {DIFF_BADGE[decor.diff]}
          </span>
        )}
        {decor.missing && (
          <span className="flow-card-missing" title={missingNote(decor.missing)}>
            Missing
          </span>
        )}
        {problems > 0 && (
          <span
            className={`flow-card-problems ${decor.errors ? 'error' : 'warning'}`}
            title={`${decor.errors} error(s), ${decor.warnings} warning(s)`}
            aria-label={`${decor.errors} error(s), ${decor.warnings} warning(s)`}
          >
            {decor.errors ? (
              <OctagonAlert size={12} aria-hidden="true" />
            ) : (
              <TriangleAlert size={12} aria-hidden="true" />
            )}
            {problems}
          </span>
        )}
      </div>
      <div className="flow-card-name" title={node.name}>
        {node.name}
      </div>
      {decor.callee ? (
        <CalleeLink callee={decor.callee} />
      ) : (
        layout.summary && (
          <div className="flow-card-summary" title={plainText(layout.summary)}>
            <CardText text={layout.summary} />
          </div>
        )
      )}
      {layout.ports.length > 0 && (
        <ul className="flow-card-ports">
          {layout.ports.map(({ port }) => (
            <li key={port.id} className={`port port-${port.kind ?? 'default'}`} title={plainText(port.label)}>
              <CardText text={port.label} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/**
 * What a Call Flow node calls, by the flow's name, as a link that opens it (the summary's place on the card). A
 * callee the studio does not know is named by its id, marked unknown (the Problems list says why).
 */
function CalleeLink({ callee }: { callee: Callee }) {
  const name = callee.name ?? callee.flowId
  return (
    <div className="flow-card-summary flow-card-callee">
      Calls{' '}
      <a
        className="nodrag"
        href={hrefFor({ screen: 'editor', flowId: callee.flowId })}
        title={callee.name ? `Open the flow ${name}` : `No flow with id ${callee.flowId} is known`}
        aria-label={callee.name ? `Open the called flow ${name}` : `Called flow ${callee.flowId}, unknown`}
        data-unknown={callee.name ? undefined : true}
        // The link opens the flow; the click must not also select or start dragging the card.
        onClick={(e) => e.stopPropagation()}
        onMouseDown={(e) => e.stopPropagation()}
      >
        {name}
      </a>
    </div>
  )
}
