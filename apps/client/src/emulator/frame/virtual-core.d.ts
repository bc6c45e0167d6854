// Provided by build-tools/fceumm-core.ts: URLs of pre-extracted core bundles by EmulatorJS core file name.
declare module 'virtual:fceumm-core' {
  export const coreBundleUrls: Readonly<Record<string, string>>
}
