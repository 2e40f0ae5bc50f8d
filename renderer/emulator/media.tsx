/* eslint-disable @typescript-eslint/no-explicit-any -- channel JSON */

const ICON: Record<string, string> = { image: '🖼', video: '🎬', audio: '🎵', document: '📄', sticker: '🏷' }

/** A media message offline: the link is shown, never fetched (the studio works without the network). */
export function MediaPreview({ kind, media }: { kind: string; media: any }) {
  const name = media.filename ?? (typeof media.link === 'string' ? media.link.split('/').pop() : media.id) ?? kind
  return (
    <div className={`chat-media chat-media-${kind}`} data-testid={`media-${kind}`}>
      <div className="chat-media-box" title={media.link ?? media.id}>
        <span aria-hidden>{ICON[kind] ?? '📎'}</span>
        <span className="chat-media-name">{kind === 'audio' ? '▶ ─────── 0:00' : name}</span>
      </div>
      {media.caption && <span className="chat-text">{media.caption}</span>}
    </div>
  )
}

export function HeaderView({ header }: { header: any }) {
  if (header.type === 'text') return <strong className="chat-header">{header.text}</strong>
  return <MediaPreview kind={header.type} media={header[header.type] ?? {}} />
}
