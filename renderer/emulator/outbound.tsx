import type { CustomerEvent } from '../../shared/api/commands/emulator'
import { mediaOf, parameterText } from '../../shared/engine/outbound'
import type {
  FormInteractive,
  InteractiveMessage,
  ListInteractive,
  OutboundMessage,
  ProductInteractive,
  TemplateMessage,
} from '../../shared/engine/types'
import { Formatted } from './Formatted'
import { MediaPreview, HeaderView } from './media'
import { ExternalLink, List, ShoppingBag } from 'lucide-react'

export interface OutboundActions {
  send(event: CustomerEvent): void
  openList(list: ListInteractive): void
  openProducts(products: ProductInteractive): void
  openForm(form: FormInteractive): void
}

/** A business message as the customer's phone renders it (shared/engine/outbound.ts; docs/integrations.md, Template Message). */
export function OutboundContent({ payload, actions }: { payload: OutboundMessage; actions: OutboundActions }) {
  switch (payload.type) {
    case 'text':
      return <Formatted text={payload.text.body} />
    case 'interactive':
      return <Interactive i={payload.interactive} actions={actions} />
    case 'template':
      return <Template t={payload.template} actions={actions} />
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const media = mediaOf(payload)!
      return <MediaPreview kind={media.kind} media={media} />
    }
  }
}

function Frame({
  i,
  children,
}: {
  i: Pick<InteractiveMessage, 'body' | 'footer'> & {
    header?: Extract<InteractiveMessage, { type: 'button' }>['header']
  }
  children?: React.ReactNode
}) {
  return (
    <>
      {i.header && <HeaderView header={i.header} />}
      {i.body?.text && <Formatted text={i.body.text} />}
      {i.footer?.text && <span className="chat-footer">{i.footer.text}</span>}
      {children}
    </>
  )
}

function Interactive({ i, actions }: { i: InteractiveMessage; actions: OutboundActions }) {
  switch (i.type) {
    case 'button':
      return (
        <Frame i={i}>
          <div className="chat-buttons">
            {i.action.buttons.map((b) => (
              <button
                key={b.reply.id}
                type="button"
                className="chat-reply"
                onClick={() => actions.send({ type: 'button_reply', reply: { id: b.reply.id, title: b.reply.title } })}
              >
                {b.reply.title}
              </button>
            ))}
          </div>
        </Frame>
      )
    case 'list':
      return (
        <Frame i={i}>
          <div className="chat-buttons">
            <button type="button" className="chat-reply" onClick={() => actions.openList(i)}>
              <List size={14} aria-hidden="true" /> {i.action.button}
            </button>
          </div>
        </Frame>
      )
    case 'cta_url':
      return (
        <Frame i={i}>
          <div className="chat-buttons">
            <a className="chat-reply" href={i.action.parameters.url} target="_blank" rel="noreferrer noopener">
              <ExternalLink size={13} aria-hidden="true" /> {i.action.parameters.display_text}
            </a>
          </div>
        </Frame>
      )
    case 'product':
      return (
        <Frame i={{ ...i, header: undefined }}>
          <div className="chat-product" data-testid="product-card">
            <span className="chat-product-thumb" aria-hidden>
              <ShoppingBag size={26} />
            </span>
            <span>
              <strong>{i.action.product_retailer_id}</strong>
              <span className="chat-footer">Catalogue {i.action.catalog_id}</span>
            </span>
          </div>
          <div className="chat-buttons">
            <button type="button" className="chat-reply" onClick={() => actions.openProducts(i)}>
              View
            </button>
          </div>
        </Frame>
      )
    case 'product_list':
      return (
        <Frame i={i}>
          <div className="chat-buttons">
            <button type="button" className="chat-reply" onClick={() => actions.openProducts(i)}>
              View items
            </button>
          </div>
        </Frame>
      )
    case 'flow':
      return (
        <Frame i={i}>
          <div className="chat-buttons">
            <button type="button" className="chat-reply" onClick={() => actions.openForm(i)}>
              {i.action.parameters.flow_cta || 'Open form'}
            </button>
          </div>
        </Frame>
      )
  }
}

/**
 * A template as sent: the studio knows its parameters, not the approved text, so the card shows the template
 * name with the header, body and button parameters in their places, and quick replies as tappable buttons.
 */
function Template({ t, actions }: { t: TemplateMessage; actions: OutboundActions }) {
  const components = t.components ?? []
  const header = components.find((c) => c.type === 'header')
  const body = components.find((c) => c.type === 'body')
  const buttons = components.flatMap((c) => (c.type === 'button' ? [c] : []))
  return (
    <div className="chat-template" data-testid="template">
      <span className="chat-footer">
        Template {t.name} · {t.language.code}
      </span>
      {header?.parameters.map((p, n) =>
        p.type === 'text' ? (
          <strong key={n} className="chat-line">
            {p.text}
          </strong>
        ) : (
          <MediaPreview key={n} kind={p.type} media={{ link: parameterText(p) }} />
        ),
      )}
      {body?.parameters.length ? (
        <span className="chat-text">
          {body.parameters.map((p, n) => (
            <span key={n} className="chat-line">
              {`{{${n + 1}}}`} = {parameterText(p)}
            </span>
          ))}
        </span>
      ) : null}
      <div className="chat-buttons">
        {buttons.map((b, n) => {
          const param = b.parameters[0]
          return b.sub_type === 'quick_reply' ? (
            <button
              key={n}
              type="button"
              className="chat-reply"
              onClick={() => {
                const payload = param ? parameterText(param) : ''
                actions.send({ type: 'template_button', button: { payload, text: payload } })
              }}
            >
              {param ? parameterText(param) : `Quick reply ${n + 1}`}
            </button>
          ) : (
            <span key={n} className="chat-reply chat-reply-static">
              <ExternalLink size={13} aria-hidden="true" /> URL …{param ? parameterText(param) : ''}
            </span>
          )
        })}
      </div>
    </div>
  )
}
