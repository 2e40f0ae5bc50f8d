/* eslint-disable @typescript-eslint/no-explicit-any -- payloads are the channel's JSON; each branch reads its shape */
import type { CustomerEvent } from '../../shared/api/commands/emulator'
import { Formatted } from './Formatted'
import { MediaPreview, HeaderView } from './media'
import { ExternalLink, List, ShoppingBag } from 'lucide-react'

export interface OutboundActions {
  send(event: CustomerEvent): void
  openList(message: any): void
  openProducts(message: any): void
  openForm(message: any): void
}

/** A business message as the customer's phone renders it (channel-reference §1, §2). */
export function OutboundContent({ payload, actions }: { payload: any; actions: OutboundActions }) {
  switch (payload.type) {
    case 'text':
      return <Formatted text={payload.text.body} />
    case 'interactive':
      return <Interactive i={payload.interactive} payload={payload} actions={actions} />
    case 'template':
      return <Template t={payload.template} actions={actions} />
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker':
      return <MediaPreview kind={payload.type} media={payload[payload.type] ?? {}} />
    default:
      return <pre className="chat-unknown">{JSON.stringify(payload, null, 2)}</pre>
  }
}

function Frame({ i, children }: { i: any; children?: React.ReactNode }) {
  return (
    <>
      {i.header && <HeaderView header={i.header} />}
      {i.body?.text && <Formatted text={i.body.text} />}
      {i.footer?.text && <span className="chat-footer">{i.footer.text}</span>}
      {children}
    </>
  )
}

function Interactive({ i, payload, actions }: { i: any; payload: any; actions: OutboundActions }) {
  switch (i.type) {
    case 'button':
      return (
        <Frame i={i}>
          <div className="chat-buttons">
            {(i.action.buttons as any[]).map((b) => (
              <button key={b.reply.id} type="button" className="chat-reply" onClick={() => actions.send({ type: 'button_reply', reply: { id: b.reply.id, title: b.reply.title } })}>
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
            <button type="button" className="chat-reply" onClick={() => actions.openList(payload)}>
              <List size={14} aria-hidden="true" /> {i.action.button}
            </button>
          </div>
        </Frame>
      )
    case 'cta_url':
      return (
        <Frame i={i}>
          <div className="chat-buttons">
            <a className="chat-reply" href={i.action?.parameters?.url} target="_blank" rel="noreferrer noopener">
              <ExternalLink size={13} aria-hidden="true" /> {i.action?.parameters?.display_text}
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
            <button type="button" className="chat-reply" onClick={() => actions.openProducts(payload)}>
              View
            </button>
          </div>
        </Frame>
      )
    case 'product_list':
      return (
        <Frame i={i}>
          <div className="chat-buttons">
            <button type="button" className="chat-reply" onClick={() => actions.openProducts(payload)}>
              View items
            </button>
          </div>
        </Frame>
      )
    case 'flow':
      return (
        <Frame i={i}>
          <div className="chat-buttons">
            <button type="button" className="chat-reply" onClick={() => actions.openForm(payload)}>
              {i.action?.parameters?.flow_cta ?? 'Open form'}
            </button>
          </div>
        </Frame>
      )
    default:
      return <pre className="chat-unknown">{JSON.stringify(i, null, 2)}</pre>
  }
}

/**
 * A template as sent: the studio knows its parameters, not the approved text, so the card shows the template
 * name with the header, body and button parameters in their places, and quick replies as tappable buttons.
 */
function Template({ t, actions }: { t: any; actions: OutboundActions }) {
  const components = (t.components ?? []) as any[]
  const header = components.find((c) => c.type === 'header')
  const body = components.find((c) => c.type === 'body')
  const buttons = components.filter((c) => c.type === 'button')
  const paramText = (p: any) => p.text ?? p.payload ?? p[p.type]?.link ?? JSON.stringify(p)
  return (
    <div className="chat-template" data-testid="template">
      <span className="chat-footer">Template {t.name} · {t.language?.code}</span>
      {header?.parameters?.map((p: any, n: number) =>
        p.type === 'text' ? <strong key={n} className="chat-line">{p.text}</strong> : <MediaPreview key={n} kind={p.type} media={p[p.type] ?? {}} />,
      )}
      {body?.parameters?.length ? (
        <span className="chat-text">
          {body.parameters.map((p: any, n: number) => (
            <span key={n} className="chat-line">
              {`{{${n + 1}}}`} = {paramText(p)}
            </span>
          ))}
        </span>
      ) : null}
      {t.footer && <span className="chat-footer">{t.footer}</span>}
      <div className="chat-buttons">
        {buttons.map((b, n) =>
          b.sub_type === 'quick_reply' ? (
            <button
              key={n}
              type="button"
              className="chat-reply"
              onClick={() => {
                const payload = b.parameters?.[0]?.payload ?? ''
                actions.send({ type: 'template_button', button: { payload, text: b.text ?? payload } })
              }}
            >
              {b.text ?? b.parameters?.[0]?.payload ?? `Quick reply ${n + 1}`}
            </button>
          ) : (
            <span key={n} className="chat-reply chat-reply-static">
              {b.sub_type === 'url' ? (
                <>
                  <ExternalLink size={13} aria-hidden="true" /> URL …{b.parameters?.[0]?.text ?? ''}
                </>
              ) : (
                b.sub_type
              )}
            </span>
          ),
        )}
      </div>
    </div>
  )
}
