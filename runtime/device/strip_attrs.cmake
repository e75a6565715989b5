# Removes from clang's NVPTX output the function attributes that would keep
# the helpers out of MLIR kernels: "target-cpu"/"target-features" differ from
# the kernel's (which has none and takes nvvm-attach-target's chip and
# features), and "no-builtins" comes from -ffreestanding. Either one makes the
# inliner refuse ("conflicting attributes"), and the features would also
# tie the helpers to clang's PTX version instead of the kernel's.
#
# Usage: cmake -DIN=x.ll -DOUT=y.ll -P strip_attrs.cmake
file(READ ${IN} ir)
string(REGEX REPLACE " \"target-(cpu|features)\"=\"[^\"]*\"" "" ir "${ir}")
string(REPLACE " \"no-builtins\"" "" ir "${ir}")
file(WRITE ${OUT} "${ir}")
