// Route module for /editor; replaced by the assembly studio.
export default function StudioPage() {
  return <main>Assembly studio</main>
}
