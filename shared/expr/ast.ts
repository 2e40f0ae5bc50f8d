// Syntax tree of one placeholder. Every node carries the span of its text in the whole template.

export interface Span {
  start: number
  end: number
}

export type BinaryOp = '||' | '&&' | '==' | '!=' | '===' | '!==' | '<' | '>' | '<=' | '>=' | '+' | '-' | '*' | '/' | '%'

export type UnaryOp = '!' | '-' | '+'

export interface NumNode extends Span {
  type: 'num'
  value: number
}
export interface StrNode extends Span {
  type: 'str'
  value: string
}
export interface BoolNode extends Span {
  type: 'bool'
  value: boolean
}
export interface NullNode extends Span {
  type: 'null'
}
/** A variable read; span covers the braces when written as `{{x}}` inside an expression, pathStart/pathEnd the path. */
export interface VarNode extends Span {
  type: 'var'
  path: string[]
  pathStart: number
  pathEnd: number
}
/** A bare name that is neither a function nor a keyword: always reported, reads as unset. */
export interface NameNode extends Span {
  type: 'name'
  name: string
}
export interface CallNode extends Span {
  type: 'call'
  name: string
  nameEnd: number
  args: Expr[]
}
export interface UnaryNode extends Span {
  type: 'unary'
  op: UnaryOp
  arg: Expr
}
export interface BinaryNode extends Span {
  type: 'binary'
  op: BinaryOp
  left: Expr
  right: Expr
}
/** Stands where a syntax error was found; the error is in the parse diagnostics. */
export interface ErrorNode extends Span {
  type: 'error'
}

export type Expr =
  NumNode | StrNode | BoolNode | NullNode | VarNode | NameNode | CallNode | UnaryNode | BinaryNode | ErrorNode
