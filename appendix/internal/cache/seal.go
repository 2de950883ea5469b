package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
)

// A cache file is sealed: its layout's magic, the SHA-256 of everything
// after the checksum, the version that wrote it (see version: the cache
// layout, the extraction rules' fingerprint and the binary), then the
// payload. A file of another layout or version is replaced without a word;
// one whose checksum fails was damaged after it was written, and is
// replaced with a warning, so that no edit of the file can change an
// answer.

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
	b.Write(make([]byte, sha256.Size))
	b.Write(binary.AppendUvarint(nil, uint64(len(version))))
	b.WriteString(version)
	return &b
}

// sealed fills in the checksum of a file newSealed started.
func sealed(b *bytes.Buffer, magic string) []byte {
	out := b.Bytes()
	sum := sha256.Sum256(out[len(magic)+sha256.Size:])
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
	if len(rest) < sha256.Size {
		return nil, errChecksum
	}
	if sum := sha256.Sum256(rest[sha256.Size:]); !bytes.Equal(sum[:], rest[:sha256.Size]) {
		return nil, errChecksum
	}
	rest = rest[sha256.Size:]
	n, used := binary.Uvarint(rest)
	if used <= 0 || n > uint64(len(rest)-used) {
		return nil, errUndecodable
	}
	if string(rest[used:used+int(n)]) != version {
		return nil, errOther
	}
	return rest[used+int(n):], nil
}
