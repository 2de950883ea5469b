package scan

import "github.com/appendix-dev/appendix/extract"

// A WordPrint is a Bloom filter of every whole word of a file: each run of
// identifier bytes (extract.IdentByte), wherever it stands, sets two bits.
// May answers false only for a word the file does not hold as a whole
// word: a search for a few words reads only the files that may hold them.
// The empty print is no file's: it may hold anything.
type WordPrint string

// identBytes tells the bytes of a word (extract.IdentByte) by a load.
var identBytes = func() (t [256]bool) {
	for c := range 256 {
		t[c] = extract.IdentByte(byte(c))
	}
	return t
}()

// wordPrint is src's WordPrint: a bit for each four bytes of the file (a
// word and the space after it average about seven: some ten bits for each
// word, counted with repeats), two of them set by each word.
func wordPrint(src []byte) WordPrint {
	bits := 64
	for bits < len(src)/4 && bits < maxPrintBits {
		bits *= 2
	}
	print := make([]byte, bits/8)
	for i := 0; i < len(src); {
		if !identBytes[src[i]] {
			i++
			continue
		}
		h := uint64(fnvOffset)
		for ; i < len(src) && identBytes[src[i]]; i++ {
			h = (h ^ uint64(src[i])) * fnvPrime
		}
		a, b := bitsOf(h, bits)
		print[a/8] |= 1 << (a % 8)
		print[b/8] |= 1 << (b % 8)
	}
	return WordPrint(print)
}

// maxPrintBits bounds a print: a file of more words sets more of its bits.
const maxPrintBits = 1 << 19

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// bitsOf are the two bits of a print of n bits (a power of two) a word's
// hash sets.
func bitsOf(h uint64, n int) (uint, uint) {
	h ^= h >> 29 // (FNV's low bits mix the last byte least)
	return uint(h) & uint(n-1), uint(h>>32) & uint(n-1)
}

// May reports whether the file may hold w as a whole word; w is made of
// identifier bytes.
func (p WordPrint) May(w string) bool {
	if p == "" {
		return true
	}
	h := uint64(fnvOffset)
	for i := 0; i < len(w); i++ {
		h = (h ^ uint64(w[i])) * fnvPrime
	}
	a, b := bitsOf(h, len(p)*8)
	return p[a/8]&(1<<(a%8)) != 0 && p[b/8]&(1<<(b%8)) != 0
}

// Word reports whether w is made of identifier bytes alone, as a print's
// words are: only of such a word can a print say it is absent.
func Word(w string) bool {
	for i := 0; i < len(w); i++ {
		if !identBytes[w[i]] {
			return false
		}
	}
	return w != ""
}
