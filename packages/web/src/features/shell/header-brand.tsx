/** The header's left end: a logo (the console's own mark when none) and the name beside it. */
export function HeaderBrand({ logo, name }: { logo: string | null | undefined; name: string }) {
  return (
    <>
      {logo ? (
        <img src={logo} alt="" data-testid="header-logo" style={{ height: 35, maxWidth: 135 }} />
      ) : (
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" style={{ height: 28 }} />
      )}
      <strong data-testid="app-name" style={{ color: '#fff', fontSize: 16, fontWeight: 600 }}>
        {name}
      </strong>
    </>
  );
}
