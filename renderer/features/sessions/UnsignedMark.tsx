import './sessions.css';

/**
 * Beside an expert whose session came from an unsigned (older) bundle, wherever agreement or the
 * gap is reported: nothing shows who wrote its answers or that they were not edited.
 */
export function UnsignedMark() {
  return (
    <span
      className="unsigned-mark"
      title="Imported from an unsigned (older) bundle: nothing shows who wrote these answers or that they were not edited"
    >
      unsigned
    </span>
  );
}
