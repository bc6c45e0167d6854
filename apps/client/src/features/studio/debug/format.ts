// Hex formatting for the debug views.
export const hex2 = (n: number): string => n.toString(16).toUpperCase().padStart(2, '0')
export const hex4 = (n: number): string => n.toString(16).toUpperCase().padStart(4, '0')
