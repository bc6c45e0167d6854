// Diagnostics: the code union, NESASM message -> code mapping, and the text formatter used by the CLI.
import { bytesToUtf8 } from './source'

/** Stable machine-readable diagnostic codes (tests and the studio match these, not the prose). */
export type DiagnosticCode =
  | 'UnknownInstruction'
  | 'SyntaxError'
  | 'ExpressionSyntax'
  | 'BadCharConstant'
  | 'DivideByZero'
  | 'ExpressionTooComplex'
  | 'UndefinedSymbol'
  | 'ReservedRegister'
  | 'ReservedSymbol'
  | 'DuplicateLabel'
  | 'LocalNotAllowed'
  | 'IfUndefinedRedefined'
  | 'PhaseError'
  | 'OperandMissing'
  | 'BadAddressingMode'
  | 'ValueOutOfRange'
  | 'BranchOutOfRange'
  | 'UnterminatedString'
  | 'BadString'
  | 'BankOutOfRange'
  | 'BankOverflow'
  | 'InvalidAddress'
  | 'InvalidPage'
  | 'OutOfRange'
  | 'HeaderValueOutOfRange'
  | 'FileNotFound'
  | 'IncludeDepth'
  | 'RecursiveInclude'
  | 'SectionViolation'
  | 'NoBankIndex'
  | 'NoSizeAttribute'
  | 'FunctionArgument'
  | 'PixelValue'
  | 'ArgumentMissing'
  | 'BankName'
  | 'ConditionalStructure'
  | 'MacroStructure'
  /** .proc/.endp/.procgroup/.endprocgroup misuse. */
  | 'ProcStructure'
  | 'MacroArgument'
  | 'FunctionStructure'
  | 'NameInUse'
  | 'Fail'
  | 'UnknownOption'
  | 'RomOverflow'
  | 'PcxError'
  | 'Unsupported'
  | 'RunawayAssembly'
  | 'InputNotFound'
  /** A bug in the assembler (an unexpected exception); never caused by the source alone. */
  | 'InternalError'
  // warnings (ours; NESASM does not report these)
  | 'ParenIsNotIndirect'
  | 'JmpParenIsNotIndirect'
  | 'AbsoluteForZeroPage'
  | 'MnemonicAsLabel'
  | 'OverwrittenBytes'
  | 'BankOverflowWarning'

const CODE_BY_MESSAGE: Record<string, DiagnosticCode> = {
  'Unknown instruction!': 'UnknownInstruction',
  'Syntax error!': 'SyntaxError',
  'Syntax error in expression!': 'ExpressionSyntax',
  'Syntax Error!': 'BadCharConstant',
  'Divide by zero!': 'DivideByZero',
  'Expression too complex!': 'ExpressionTooComplex',
  'Undefined symbol in operand field!': 'UndefinedSymbol',
  'Symbol is reserved (A, X or Y)!': 'ReservedRegister',
  'Reserved symbol!': 'ReservedSymbol',
  'Label multiply defined!': 'DuplicateLabel',
  'Local symbol not allowed here!': 'LocalNotAllowed',
  'Can not define this label, declared as undefined in an IF expression!': 'IfUndefinedRedefined',
  'Internal error[1]!': 'PhaseError',
  'Operand missing!': 'OperandMissing',
  'Incorrect addressing mode!': 'BadAddressingMode',
  'Incorrect immediate value!': 'ValueOutOfRange',
  'Incorrect zero page address!': 'ValueOutOfRange',
  'Incorrect absolute address!': 'ValueOutOfRange',
  'Overflow error!': 'ValueOutOfRange',
  'Address out of range!': 'ValueOutOfRange',
  'Branch address out of range!': 'BranchOutOfRange',
  'Unterminated ASCII string!': 'UnterminatedString',
  'Unterminated string!': 'UnterminatedString',
  'Incorrect string syntax!': 'BadString',
  'String too long!': 'BadString',
  'Bank index out of range!': 'BankOutOfRange',
  'Bank overflow, offset > $1FFF!': 'BankOverflow',
  'Can not declare a group inside a proc/group!': 'ProcStructure',
  'Can not nest procs!': 'ProcStructure',
  'Proc name is missing!': 'ProcStructure',
  'Proc/group name can not be local!': 'ProcStructure',
  'Proc/group multiply defined!': 'ProcStructure',
  'Unexpected ENDP/ENDPROCGROUP!': 'ProcStructure',
  'Undefined destination!': 'UndefinedSymbol',
  'Not enough ROM space for procs!': 'RomOverflow',
  'Invalid address!': 'InvalidAddress',
  'Invalid page index!': 'InvalidPage',
  'Out of range!': 'OutOfRange',
  'PRG bank value out of range!': 'HeaderValueOutOfRange',
  'CHR bank value out of range!': 'HeaderValueOutOfRange',
  'Mapper value out of range!': 'HeaderValueOutOfRange',
  'Mirror value out of range!': 'HeaderValueOutOfRange',
  'Can not open file!': 'FileNotFound',
  'Too many include levels, max. 7!': 'IncludeDepth',
  'Repeated include file!': 'RecursiveInclude',
  'Instructions not allowed in this section!': 'SectionViolation',
  'Directive not allowed in the current section!': 'SectionViolation',
  'No BANK index for this symbol!': 'NoBankIndex',
  'No size attributes for this symbol!': 'NoSizeAttribute',
  'Incorrect pixel color index!': 'PixelValue',
  'Argument missing!': 'ArgumentMissing',
  'Different bank names not allowed!': 'BankName',
  'Unexpected ELSE!': 'ConditionalStructure',
  'Unexpected ENDIF!': 'ConditionalStructure',
  'Incomplete IF/ENDIF statement!': 'ConditionalStructure',
  'Too many nested IF/ENDIF!': 'ConditionalStructure',
  'Can not nest macro definitions!': 'MacroStructure',
  'Unexpected ENDM!': 'MacroStructure',
  'Incomplete MACRO definition!': 'MacroStructure',
  'No name for this macro!': 'MacroStructure',
  'Invalid macro name!': 'MacroStructure',
  'Macro already defined!': 'NameInUse',
  'Too many arguments for a macro!': 'MacroArgument',
  'Too many nested macro calls!': 'MacroStructure',
  'Invalid macro argument index!': 'MacroArgument',
  'Macro argument string too long, max. 80 characters!': 'MacroArgument',
  'String too long, max. 80 characters!': 'MacroArgument',
  'Invalid line length!': 'MacroArgument',
  'No name for this function!': 'FunctionStructure',
  'Invalid function name!': 'FunctionStructure',
  'Function already defined!': 'NameInUse',
  'Invalid function argument!': 'FunctionArgument',
  'Function line too long!': 'FunctionStructure',
  'Syntax error in function call!': 'FunctionArgument',
  'Too many arguments for a function!': 'FunctionArgument',
  'Too many nested function calls!': 'FunctionStructure',
  'Invalid function argument index!': 'FunctionArgument',
  'Invalid function argument length!': 'FunctionArgument',
  'Symbol already used by a label!': 'NameInUse',
  'Symbol already used by a macro!': 'NameInUse',
  'Symbol already used by a function!': 'NameInUse',
  'Compilation failed!': 'Fail',
  'Unknown option!': 'UnknownOption',
  'ROM overflow!': 'RomOverflow',
  'Coordinates out of range!': 'PcxError',
  'Invalid number of arguments!': 'PcxError',
  'Picture size too big, max. 1024x768!': 'PcxError',
  'Picture size too small, min. 16x16!': 'PcxError',
  'Unsupported or invalid PCX format!': 'PcxError',
  'Unsupported PCX encoding scheme!': 'PcxError',
  'Assembly stopped: too many lines in one pass (runaway macro expansion?)': 'RunawayAssembly',
}

/** Maps a NESASM error message to its code. */
export function codeForMessage(msg: string): DiagnosticCode {
  const code = CODE_BY_MESSAGE[msg]
  if (code) return code
  if (msg.startsWith('Proc : ')) return 'BankOverflow'
  if (msg.startsWith('No symbol in function') || msg.startsWith('Too many symbols in function')) {
    return 'FunctionArgument'
  }
  return 'SyntaxError'
}

/**
 * A location in a source file. `line` and `column` are 1-based; `column` counts the characters
 * (UTF-16 code units, as an editor does) of the UTF-8-decoded line before it; `offset` and `length`
 * are in bytes of the file.
 */
export interface SourceSpan {
  file: string
  offset: number
  length: number
  line: number
  column: number
}

/** A file that a directive read: the first `.include`, `.incbin` or `.incchr` that named it. */
export interface FileRead {
  /** The file's key in the input's `files`. */
  file: string
  directive: 'include' | 'incbin' | 'incchr'
  /** The directive's statement (in a macro expansion, the macro call), 1-based line and column. */
  span: SourceSpan
}

/** One message about the source. */
export interface Diagnostic {
  severity: 'error' | 'warning' | 'info'
  code: DiagnosticCode
  message: string
  span: SourceSpan
  notes?: { message: string; span?: SourceSpan }[]
}

function lineText(bytes: Uint8Array | undefined, offset: number): string {
  if (!bytes) return ''
  let s = offset
  while (s > 0 && bytes[s - 1] !== 10 && bytes[s - 1] !== 13) s--
  let e = offset
  while (e < bytes.length && bytes[e] !== 10 && bytes[e] !== 13) e++
  return bytesToUtf8(bytes.subarray(s, e))
}

/**
 * Formats a diagnostic as `file:line:col: severity: message`, followed by the source line and a caret
 * under the column (TABs in the line are kept so the caret lines up in a terminal).
 */
export function formatDiagnostic(d: Diagnostic, files: Record<string, Uint8Array>): string {
  const { span } = d
  let out = `${span.file}:${span.line}:${span.column}: ${d.severity}: ${d.message}`
  const text = lineText(files[span.file], span.offset)
  if (text.length > 0 || span.line > 0) {
    const before = text.slice(0, Math.max(0, span.column - 1)).replace(/[^\t]/g, ' ')
    const width = Math.max(1, Math.min(span.length, text.length - (span.column - 1)))
    out += `\n${text}\n${before}^${'~'.repeat(Math.max(0, width - 1))}`
  }
  if (d.notes) {
    for (const n of d.notes) {
      out += n.span
        ? `\n${n.span.file}:${n.span.line}:${n.span.column}: note: ${n.message}`
        : `\nnote: ${n.message}`
    }
  }
  return out
}
