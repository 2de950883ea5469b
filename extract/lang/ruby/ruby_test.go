package ruby

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

// langs are the languages of this package, as the tests pick them by file name.
var langs = []*extract.Language{Lang}

// def is the part of a Definition a test states.
type def langtest.Def

func defsOf(t *testing.T, file, src string) []def { return langtest.DefsIn[def](t, langs, file, src) }

func TestRubyDefinitions(t *testing.T) {
	src := `# frozen_string_literal: true

require "json"

# Billing lives here.
module Billing
  # The most retries a charge gets.
  MAX_RETRIES = 3
  GATEWAY_URL = "https://pay.example.com".freeze

  # Charges a card.
  class Charge
    attr_reader :amount, :currency

    def initialize(amount, currency: "EUR")
      @amount = amount
      @currency = currency
    end

    def self.build(params) = new(params[:amount])

    class << self
      def from_json(s)
        build(JSON.parse(s))
      end
    end

    def refundable?
      amount.positive?
    end

    def capture!
      Gateway.capture(self)
    end

    def note=(text)
      @note = text
    end

    protected

    def audit; end

    private

    def sign(payload)
      payload
    end
  end

  class Admin::Report; end
end

def helper(x)
  x * 2
end

TIMEOUT = 5

RSpec.describe Billing do
  def local_helper; end
  LOCAL = 1
end
`
	charge := "# Charges a card.\nclass Charge\n  attr_reader :amount, :currency\n\n  def initialize(amount, currency: \"EUR\") ... end\n\n" +
		"  def self.build(params) = new(params[:amount])\n\n  class << self\n    def from_json(s) ... end\n  end\n\n  def refundable? ... end\n\n" +
		"  def capture! ... end\n\n  def note=(text) ... end\n\n  protected\n\n  def audit; end\n\n  private\n\n  def sign(payload) ... end\nend"
	billing := "# Billing lives here.\nmodule Billing\n  # The most retries a charge gets.\n  MAX_RETRIES = 3\n  GATEWAY_URL = \"https://pay.example.com\".freeze\n\n  " +
		strings.ReplaceAll(strings.ReplaceAll(charge, "\n", "\n  "), "\n  \n", "\n\n") + "\n\n  class Admin::Report; end\nend"
	want := []def{
		{"Billing", "", extract.KindType, "Module", true, 5, 52, billing},
		{"MAX_RETRIES", "Billing", extract.KindConstant, "Constant", true, 7, 8, "# The most retries a charge gets.\nMAX_RETRIES = 3"},
		{"GATEWAY_URL", "Billing", extract.KindConstant, "Constant", true, 9, 9, `GATEWAY_URL = "https://pay.example.com".freeze`},
		{"Charge", "Billing", extract.KindType, "Class", true, 11, 49, charge},
		{"initialize", "Charge", extract.KindMethod, "Method Signature", true, 15, 15, `def initialize(amount, currency: "EUR")`},
		{"build", "Charge", extract.KindMethod, "Method Signature", true, 20, 20, "def self.build(params)"},
		{"from_json", "Charge", extract.KindMethod, "Method Signature", true, 23, 23, "def from_json(s)"},
		{"refundable", "Charge", extract.KindMethod, "Method Signature", true, 28, 28, "def refundable?"},
		{"capture", "Charge", extract.KindMethod, "Method Signature", true, 32, 32, "def capture!"},
		{"note", "Charge", extract.KindMethod, "Method Signature", true, 36, 36, "def note=(text)"},
		{"audit", "Charge", extract.KindMethod, "Method Signature", false, 42, 42, "def audit; end"},
		{"sign", "Charge", extract.KindMethod, "Method Signature", false, 46, 46, "def sign(payload)"},
		{"Report", "Admin", extract.KindType, "Class", true, 51, 51, "class Admin::Report; end"},
		{"helper", "", extract.KindFunction, "Function Signature", true, 54, 54, "def helper(x)"},
		{"TIMEOUT", "", extract.KindConstant, "Constant", true, 58, 58, "TIMEOUT = 5"},
	}
	if diff := cmp.Diff(want, defsOf(t, "lib/billing.rb", src)); diff != "" {
		t.Error(diff)
	}
}

// TestMembers: a class's methods (of self and of class << self too),
// constants, attributes, associations, scopes and enums, each with the
// comment above it; a call that declares nothing (validates, before_save)
// is none. A concern's blocks hold its members, an association's block
// none; a schema's create_table
// holds its columns, a reference by its key column.
func TestMembers(t *testing.T) {
	src := `class Order < ApplicationRecord
  include Auditable
  attr_accessor :note
  attr_reader :a, :b
  # The buyer.
  belongs_to :customer
  has_many :line_items, dependent: :destroy
  has_one :invoice, class_name: "Billing::Invoice"
  scope :recent, -> { order(:created_at) }
  enum status: { open: 0, paid: 1 }
  enum :kind, {
    standard: "standard", # counted
    funds_movement: "funds_movement"
  }
  enum :level, [:low, :high], prefix: true
  enum :mode, fast: "fast", slow: "slow", default: :fast
  validates :note, presence: true
  before_save :touch
  MAX = 3
  private def secret; end
  class << self
    def build; end
  end
end
module Taggable
  extend ActiveSupport::Concern
  included do
    has_many :taggings
  end
  class_methods do
    def tagged_with(name); end
  end
  has_many :ignored do
    def nope; end
  end
end
ActiveRecord::Schema[7.1].define(version: 1) do
  create_table "orders", force: :cascade do |t|
    t.references :customer, foreign_key: true
    t.string "note"
    t.timestamps
    t.index ["note"]
    other.string "nope"
  end
end
`
	got := langtest.Summaries(t, Lang, "app/models/order.rb", src)
	want := []string{
		"schema Model Order 1-24 [note@3 a@4 b@4 customer@5-6:Customer line_items@7:LineItem invoice@8:Invoice recent@9 status@10 open@10 paid@10 " +
			"kind@11-14 standard@12 funds_movement@13 level@15 low@15 high@15 mode@16 fast@16 slow@16 MAX@19 secret@20() build@22()]",
		"constant Constant MAX 19-19 []",
		"method Method Signature secret 20-20 []",
		"method Method Signature build 22-22 []",
		"type Module Taggable 25-36 [taggings@28:Tagging tagged_with@31() ignored@33-35:Ignored]",
		"method Method Signature tagged_with 31-31 []",
		"schema Table orders 38-44 [customer_id@39:Customer note@40]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestSchemasAndErrors: an Active Record model is a schema whose bases
// hold its table (by Rails' convention, or the table it names, which is
// its alias too); an abstract one is a class. A class extending an
// exception is an error, and so is a constant made by Class.new from one;
// Struct.new makes a type.
func TestSchemasAndErrors(t *testing.T) {
	src := `class ApplicationRecord < ActiveRecord::Base
  primary_abstract_class
end
class Person < ApplicationRecord
end
class LineItem < ApplicationRecord
  self.table_name = "order_lines"
end
class Category < ActiveRecord::Base; end
class CreateOrders < ActiveRecord::Migration[7.1]; end
class NotFound < StandardError; end
class PaymentDeclined < Billing::Error; end
Timeout = Class.new(Net::ReadTimeout)
Point = Struct.new(:x, :y)
Pair = Data.define(:left, :right)
Gone = Class.new(NotFound)
`
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "app/models/x.rb", src) {
		got = append(got, fmt.Sprintf("%s %s %s %v %v", d.Name, d.Kind, d.Title, d.Bases, d.Aliases))
	}
	want := []string{
		"ApplicationRecord type Class [Base] []",
		"Person schema Model [ApplicationRecord people] []",
		"LineItem schema Model [ApplicationRecord order_lines] [order_lines]",
		"Category schema Model [Base categories] []",
		"CreateOrders type Class [Migration] []",
		"NotFound error Error [StandardError] []",
		"PaymentDeclined error Error [Error] []",
		"Timeout type Class [ReadTimeout] []",
		"Point type Struct [] []",
		"Pair type Struct [] []",
		"Gone type Class [NotFound] []",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestInflections: Rails' default rules name tables, controllers and
// associated models.
func TestInflections(t *testing.T) {
	for in, want := range map[string]string{"User": "users", "LineItem": "line_items", "Person": "people", "Category": "categories",
		"Address": "addresses", "Status": "statuses", "Box": "boxes", "Wife": "wives", "Sheep": "sheep", "HTMLPage": "html_pages",
		"Datum": "data", "Mouse": "mice", "Quiz": "quizzes", "Child": "children"} {
		if got := tableName(in); got != want {
			t.Errorf("tableName(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"users": "user", "line_items": "line_item", "people": "person", "categories": "category",
		"addresses": "address", "statuses": "status", "analyses": "analysis", "news": "news", "series": "series", "buses": "bus"} {
		if got := singular(in); got != want {
			t.Errorf("singular(%q) = %q, want %q", in, got, want)
		}
	}
	if got := camelize("admin/line_items"); got != "Admin::LineItems" {
		t.Errorf("camelize = %q", got)
	}
}

// TestMatchersAreTheQueries: on every Ruby file of the fixtures and of
// hard cases, the matcher finds what ruby.scm finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "all.rb", Data: []byte(strings.Join([]string{
			"module A; class B < C; def m; end; def self.n = 1; def o=(v); end; def ==(x); end; end; end",
			"class A::B::C; X = 1; Y, Z = 1, 2; A::W = 3; class << self; def s; end; end; end",
			"module ::Top; end; private def p; end; create_table :t do |t| t.string :s end; foo { |x| x }",
			"describe 'x' do it 'y' do end end; Point = Struct.new(:x) do def z; end end",
		}, "\n"))},
		langtest.File{Name: "broken.rb", Data: []byte("class A\n  def a(\n  end\nend\nclass B\n  def c; end\nend\nmodule\ndef (\nX =\n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 40 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

// TestBrokenDefinitions: a file that does not parse keeps what
// tree-sitter recovers whole around the error: the definitions after a
// broken one; one holding the error is reported by its line, not shown.
func TestBrokenDefinitions(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"def a(\n  x = \nend\n\ndef b\n  1\nend\n\nclass C\n  def d; end\nend\n", []string{"b:def b", "C:class C\n  def d; end\nend", "d:def d; end"}},
		{"class A\n  def a(\n  end\nend\n\nclass B\n  def c; end\nend\n", []string{"a:", "B:class B\n  def c; end\nend", "c:def c; end"}},
	} {
		var got []string
		for _, d := range defsOf(t, "x.rb", tc.src) {
			got = append(got, d.Name+":"+d.Text)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q: %s", tc.src, diff)
		}
	}
}
