// Download .mlb: the program's labels as Mesen reads them (what `nesasm-ts -g` writes beside the ROM), made from a
// debug build of the project as it is now, so the labels match the ROM a build of these files gives.
import { toast } from '../../../components/ui/use-toast'
import type { ToolchainDebugBuild } from '../build/toolchain'
import { mesenLabelBytes } from '../build/mesen-labels'
import { downloadBytes } from './download'

/** Builds with debug information and downloads `<name>.mlb`; a build that fails says why in a toast. */
export async function downloadMesenLabels(
  build: () => Promise<ToolchainDebugBuild>,
  name: string,
): Promise<void> {
  const built = await build()
  if (!built.ok) {
    toast({ title: 'No Labels', description: built.message, variant: 'destructive' })
    return
  }
  downloadBytes(mesenLabelBytes(built.debug), `${name}.mlb`, 'text/plain')
}
