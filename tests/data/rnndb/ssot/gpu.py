# SPDX-License-Identifier: MIT
# A miniature of envytools' ssot/gpu.py for the rnndb2regdb tests: GPU
# classes in declaration order (the order rnndb's variant ranges follow),
# each with its PMC.BOOT_0 id when it has one.  GK210 is one hwpc does not list.
class GenType:
    pass


class Gpu(GenType):
    id = None


class GpuNV1(metaclass=Gpu):
    date = "1995"


class GpuNV3(GpuNV1):
    pass


class GpuNV10(GpuNV3):
    id = 0x10


class GpuNV40(GpuNV10):
    id = 0x40


class GpuG84(GpuNV40):
    id = 0x84


class GpuGF100(GpuG84):
    id = 0xc0


class GpuGK210(GpuGF100):
    id = ...


class GpuGM107(GpuGK210):
    id = 0x117
