package ruby

import (
	"bytes"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzRuby(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "app/models/order.rb", []string{
		"# An order.\nclass Order < ApplicationRecord\n  MAX = 5\n  belongs_to :customer\n  has_many :items, class_name: \"LineItem\"\n" +
			"  attr_reader :a, :b\n  scope :recent, -> { order(:id) }\n\n  def cancel!(reason = nil)\n    update!(status: :cancelled)\n  end\n\n" +
			"  private\n\n  def self.x = 1\nend\n",
		"module Admin\n  class UsersController < ApplicationController\n    class << self\n      def helper; end\n    end\n\n" +
			"    private def set_user; end\n  end\nend\nclass Admin::Report < StandardError; end\nNotFound = Class.new(StandardError)\n",
		"ActiveRecord::Schema[7.1].define(version: 1) do\n  create_table \"users\", force: :cascade do |t|\n    t.string \"email\"\n" +
			"    t.references :org\n    t.index [\"email\"]\n  end\nend\n",
		"SQL = <<~SQL\n  select * from t where x = '}'\nSQL\n=begin\nclass Fake\nend\n=end\ndef f(a, *b, c: 1, **d, &e) = a\n__END__\nclass Data\n",
		"class A\n  def a(\n  end\nend\nclass B; def c; end; end\nmodule\ndef (\n",
	}, commented)
}

// commented: text in a comment above a class, or in a string inside it,
// defines nothing and ends nothing. (Ruby's end-of-file characters, NUL,
// ^D and ^Z, end a file wherever they stand.)
func commented(t *testing.T, p *extract.Parser, src []byte) {
	if bytes.ContainsAny(src, "\x00\x04\x1a") {
		return
	}
	var b strings.Builder
	for _, l := range strings.Split(string(src), "\n") {
		b.WriteString("# " + strings.ReplaceAll(l, "\r", "") + "\n")
	}
	quoted := strings.NewReplacer("\\", `\\`, `'`, `\'`).Replace(string(src))
	ruby := b.String() + "class Fixed\n  # " + strings.ReplaceAll(strings.ReplaceAll(string(src), "\r", ""), "\n", "\n  # ") + "\n" +
		"  validates :id, message: '" + quoted + "'\n  attr_reader :id\nend\n"
	langtest.OnlyDefinition(t, p, Lang, "app/models/fixed.rb", ruby, "Fixed", "id")
}
