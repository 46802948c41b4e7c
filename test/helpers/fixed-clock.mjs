// Preload (node --import) that stops the wall clock at RETURNS_FIXED_NOW (ISO date-time):
// Date.now() and `new Date()` answer that instant, so dates and ages drawn by the console
// are the same on every run. Timers and performance.now() are untouched.
const fixed = Date.parse(process.env.RETURNS_FIXED_NOW ?? '');
if (Number.isFinite(fixed)) {
  const RealDate = Date;
  class FixedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(fixed);
      else super(...args);
    }
    static now() {
      return fixed;
    }
  }
  globalThis.Date = FixedDate;
}
