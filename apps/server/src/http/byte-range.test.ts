import { expect, it } from 'vitest'
import { isRangeFresh, parseRange } from './byte-range'

it.each([
  ['bytes=0-0', { start: 0, end: 0 }],
  ['bytes=0-', { start: 0, end: 99 }],
  ['bytes=99-', { start: 99, end: 99 }],
  ['bytes=-1', { start: 99, end: 99 }],
  ['bytes=-100', { start: 0, end: 99 }],
  [`bytes=0-${'9'.repeat(400)}`, { start: 0, end: 99 }],
  [`bytes=-${'9'.repeat(400)}`, { start: 0, end: 99 }],
  ['bytes=10-20,', { start: 10, end: 20 }],
  ['bytes= 10-20 ', { start: 10, end: 20 }],
  ['bytes=100-', 'unsatisfiable'],
  ['bytes=100-200', 'unsatisfiable'],
  [`bytes=${'9'.repeat(400)}-`, 'unsatisfiable'],
  ['bytes=-0', 'unsatisfiable'],
  [undefined, undefined],
  ['bytes=-', undefined],
  ['bytes=1-0', undefined],
  ['bytes=0-1,2-3', undefined],
  ['bytes=+1-2', undefined],
  ['bytes=1.5-2', undefined],
  ['pages=0-1', undefined],
  ['bytes 0-1', undefined],
] as const)('Range %s of a 100-byte body is %j', (header, expected) => {
  expect(parseRange(header, 100)).toEqual(expected)
})

it('finds no range inside an empty body', () => {
  expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable')
  expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable')
})

it('lets a range apply without If-Range or with the exact strong ETag', () => {
  expect(isRangeFresh(undefined, '"a"')).toBe(true)
  expect(isRangeFresh('"a"', '"a"')).toBe(true)
  expect(isRangeFresh('W/"a"', '"a"')).toBe(false)
  expect(isRangeFresh('"b"', '"a"')).toBe(false)
  expect(isRangeFresh('Wed, 21 Oct 2015 07:28:00 GMT', '"a"')).toBe(false)
  expect(isRangeFresh(['"a"', '"a"'], '"a"')).toBe(false)
})
