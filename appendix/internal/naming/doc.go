// Package naming holds the identifier conventions the other stages share:
// splitting names into words, singular forms, the key under which a table
// name and the model that maps it meet (order_items, OrderItem), and the
// few English helpers the output uses (articles, plurals, thousands).
package naming
