import { headerMedia } from '../../shared/engine/outbound'
import type { InteractiveHeader } from '../../shared/engine/types'
import { FileText, Film, Image, Music, Paperclip, Play, Sticker, type LucideIcon } from 'lucide-react'

const ICON: Record<string, LucideIcon> = {
  image: Image,
  video: Film,
  audio: Music,
  document: FileText,
  sticker: Sticker,
}

const FILE_STYLE = { display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 6, marginBottom: 4 }

/** A media message offline: the link is shown, never fetched (the studio works without the network). A file stored
 *  in the studio (`/media/<sha256>.<ext>`, served by the host) is shown itself. */
export function MediaPreview({
  kind,
  media,
}: {
  kind: string
  media: { link?: string; id?: string; caption?: string; filename?: string }
}) {
  const name = media.filename ?? (typeof media.link === 'string' ? media.link.split('/').pop() : media.id) ?? kind
  const stored =
    typeof media.link === 'string' && /^\/media\/[0-9a-f]{64}\.[a-z0-9]+$/.test(media.link) ? media.link : null
  if (stored && kind !== 'document')
    return (
      <div className={`chat-media chat-media-${kind}`} data-testid={`media-${kind}`}>
        {kind === 'video' ? (
          <video style={FILE_STYLE} src={stored} controls />
        ) : kind === 'audio' ? (
          <audio src={stored} controls />
        ) : (
          <img style={FILE_STYLE} src={stored} alt={media.caption || `${kind} sent`} />
        )}
        {media.caption && <span className="chat-text">{media.caption}</span>}
      </div>
    )
  const Icon = ICON[kind] ?? Paperclip
  return (
    <div className={`chat-media chat-media-${kind}`} data-testid={`media-${kind}`}>
      <div className="chat-media-box" title={media.link ?? media.id}>
        <Icon size={22} aria-hidden="true" />
        {kind === 'audio' ? (
          <span className="chat-media-name chat-audio">
            <Play size={14} aria-hidden="true" />
            <span className="chat-audio-track" />
            0:00
          </span>
        ) : (
          <span className="chat-media-name">{name}</span>
        )}
      </div>
      {media.caption && <span className="chat-text">{media.caption}</span>}
    </div>
  )
}

export function HeaderView({ header }: { header: InteractiveHeader }) {
  const media = headerMedia(header)
  if (!media) return <strong className="chat-header">{header.type === 'text' ? header.text : ''}</strong>
  return <MediaPreview kind={media.kind} media={media} />
}
