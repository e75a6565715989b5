# Shrinks the sizes of bench/gpu/subgraphs/*.mlir for lit/bench/subgraphs.test
# to sizes that divide no tile. A size is replaced only between the
# delimiters of a shape ("<" "x" " " before, "x" "," ">" after), so f32,
# i64 and 0.125 stay; the loop catches neighbours whose delimiter the
# previous replacement consumed.
:a
s/\([<x ]\)21128\([x,>]\)/\150\2/
s/\([<x ]\)768\([x,>]\)/\145\2/
s/\([<x ]\)640\([x,>]\)/\123\2/
s/\([<x ]\)512\([x,>]\)/\15\2/
s/\([<x ]\)128\([x,>]\)/\137\2/
s/\([<x ]\)64\([x,>]\)/\119\2/
s/\([<x ]\)32\([x,>]\)/\13\2/
s/\([<x ]\)12\([x,>]\)/\12\2/
ta
