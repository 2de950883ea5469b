package cpp

// C++ reads headers for C (see TestHeaders): its tests register C as the
// registry does.
import _ "github.com/appendix-dev/appendix/extract/lang/c"
