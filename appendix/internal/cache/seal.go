package cache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
)

// A cache file is sealed: its layout's magic, the CRC-32C of everything
// after the checksum, the version that wrote it (see version: the cache
// layout, the extraction rules' fingerprint and the binary), then the
// payload. A file of another layout or version is replaced without a word;
// one whose checksum fails was damaged after it was written (a cut, a
// torn write, a flipped bit), and is replaced with a warning. The
// checksum guards against damage, not against a forger, who could
// recompute any unkeyed sum: CRC-32C, computed by the CPU, costs a warm
// run a tenth of what a cryptographic hash of the same megabytes did.

// sumSize is the checksum's length in bytes.
const sumSize = 4

// castagnoli is the CRC-32C table (hardware-accelerated where the CPU has
// it).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// checksum is the seal's sum of b.
func checksum(b []byte) [sumSize]byte {
	var s [sumSize]byte
	binary.LittleEndian.PutUint32(s[:], crc32.Checksum(b, castagnoli))
	return s
}

// errOther is a file of another layout or version: not damage.
var errOther = errors.New("written by another version")

// errChecksum is a file whose content is not what was written.
var errChecksum = errors.New("checksum mismatch")

// errUndecodable is a file whose checksum holds but whose content does not
// decode.
var errUndecodable = errors.New("undecodable")

// newSealed starts a sealed file: the payload is written to the buffer
// returned, and sealed finishes it.
func newSealed(magic, version string) *bytes.Buffer {
	var b bytes.Buffer
	b.WriteString(magic)
	b.Write(make([]byte, sumSize))
	b.Write(binary.AppendUvarint(nil, uint64(len(version))))
	b.WriteString(version)
	return &b
}

// sealed fills in the checksum of a file newSealed started.
func sealed(b *bytes.Buffer, magic string) []byte {
	out := b.Bytes()
	sum := checksum(out[len(magic)+sumSize:])
	copy(out[len(magic):], sum[:])
	return out
}

// unseal returns the payload of a sealed file that version wrote:
// errOther for a file of another layout or version, errChecksum for a
// damaged one (a file cut inside its magic is damaged too).
func unseal(data []byte, magic, version string) ([]byte, error) {
	if !bytes.HasPrefix(data, []byte(magic)) {
		if bytes.HasPrefix([]byte(magic), data) {
			return nil, errChecksum
		}
		return nil, errOther
	}
	rest := data[len(magic):]
	if len(rest) < sumSize {
		return nil, errChecksum
	}
	if sum := checksum(rest[sumSize:]); !bytes.Equal(sum[:], rest[:sumSize]) {
		return nil, errChecksum
	}
	rest = rest[sumSize:]
	n, used := binary.Uvarint(rest)
	if used <= 0 || n > uint64(len(rest)-used) {
		return nil, errUndecodable
	}
	if string(rest[used:used+int(n)]) != version {
		return nil, errOther
	}
	return rest[used+int(n):], nil
}
