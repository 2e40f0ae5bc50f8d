// The part of sax (https://github.com/isaacs/sax-js) the XLIFF reader uses; the package ships no types.
declare module 'sax' {
  export interface QualifiedAttribute {
    name: string
    value: string
    prefix: string
    local: string
    uri: string
  }
  export interface QualifiedTag {
    name: string
    prefix: string
    local: string
    uri: string
    attributes: Record<string, QualifiedAttribute>
    isSelfClosing: boolean
  }
  export interface SAXOptions {
    xmlns?: boolean
    position?: boolean
    strictEntities?: boolean
    trim?: boolean
    normalize?: boolean
  }
  export interface SAXParser {
    line: number
    column: number
    onerror: (err: Error) => void
    onopentag: (tag: QualifiedTag) => void
    onclosetag: (name: string) => void
    ontext: (text: string) => void
    oncdata: (text: string) => void
    ondoctype: (doctype: string) => void
    onprocessinginstruction: (pi: { name: string; body: string }) => void
    write(chunk: string): SAXParser
    close(): SAXParser
  }
  const sax: { parser(strict: boolean, opt?: SAXOptions): SAXParser }
  export default sax
}
